import { createEmailMatcher, findEmails, findOrcids, mailtoEmails, orcidOfHref } from './html-evidence';

const addresses = (text: string) => findEmails(text).flatMap((span) => span.emails.map((e) => e.address));

describe('findEmails', () => {
  it('reads plain addresses, without the full stop after one', () => {
    expect(addresses('Contact: rcao@cs.Example.ORG. Or sluo@example.org')).toEqual(['rcao@cs.example.org', 'sluo@example.org']);
  });

  it('reads a brace group as one address per name, and says where the group is written', () => {
    const text = 'Lab {zichuan7, jiancui3,ajchen8}@illinois.edu';
    expect(addresses(text)).toEqual(['zichuan7@illinois.edu', 'jiancui3@illinois.edu', 'ajchen8@illinois.edu']);
    const [span] = findEmails(text);
    expect(text.slice(span!.start, span!.end)).toBe('{zichuan7, jiancui3,ajchen8}@illinois.edu');
  });

  it('finds nothing in text without an address', () => {
    expect(addresses('University of Exampleton, {a} b @ c')).toEqual([]);
  });
});

describe('mailtoEmails', () => {
  it('reads a filled href, and nothing from an empty one', () => {
    expect(mailtoEmails('mailto:jm.garcia-lopez%40example.org?subject=Hi').map((e) => e.address)).toEqual(['jm.garcia-lopez@example.org']);
    expect(mailtoEmails('mailto:')).toEqual([]);
  });
});

describe('ORCIDs', () => {
  it('reads the id of an orcid.org link only', () => {
    expect(orcidOfHref('https://orcid.org/0000-0002-1694-233X')).toBe('0000-0002-1694-233X');
    expect(orcidOfHref('https://example.org/0000-0002-1694-233X')).toBeNull();
  });

  it('reads an id printed by a failed conversion, with its macro', () => {
    const text = 'Ada Lovelace \\orcidlink{0000-0002-1825-0097}, Bob';
    const [found] = findOrcids(text);
    expect(found?.id).toBe('0000-0002-1825-0097');
    expect(text.slice(found!.start, found!.end)).toBe('\\orcidlink{0000-0002-1825-0097}');
    expect(findOrcids('tel. 1234-5678-9012-34567')).toEqual([]);
  });
});

describe('createEmailMatcher', () => {
  const names = ['Ray Cao', 'José María García-López', 'Jian Cui', 'Ashley Chen', 'Nguyễn Văn An', 'Zichuan Li'];
  const owner = (local: string) => createEmailMatcher(names)({ address: `${local}@x.org`, local, domain: 'x.org' });

  it.each([
    ['rcao', 0],
    ['ray.cao', 0],
    ['caor', 0],
    ['jm.garcia-lopez', 1],
    ['jiancui3', 2],
    ['ajchen8', 3],
    ['zichuan7', 5],
    ['li', 5],
  ])('ties %s to its name', (local, index) => {
    expect(owner(local)).toBe(index);
  });

  it.each(['info', 'anna', 'contact', 'cao.cui', 'raymond'])('ties %s to no one', (local) => {
    expect(owner(local)).toBeNull();
  });
});
