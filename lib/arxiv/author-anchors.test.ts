// @vitest-environment happy-dom
import { locateAuthors, type LocatedAuthor } from './author-anchors';

const link = (name: string, query = name) =>
  `<a href="https://arxiv.org/search/cs?searchtype=author&amp;query=${encodeURIComponent(query)}">${name}</a>`;

function authorsDiv(inner: string): HTMLElement {
  const doc = new DOMParser().parseFromString(
    `<div class="authors"><span class="descriptor">Authors:</span>${inner}</div>`,
    'text/html',
  );
  const div = doc.querySelector<HTMLElement>('div.authors');
  if (!div) throw new Error('no div.authors');
  return div;
}

function locate(div: HTMLElement, names: string[]): LocatedAuthor[] {
  return locateAuthors(div, names, { longList: div.querySelector('#long-author-list'), skip: [] });
}

/** What each anchor points at: the link text, or the text node up to the anchor's end. */
function described(located: LocatedAuthor[]): (string | null)[] {
  return located.map(({ anchor }) => {
    if (!anchor) return null;
    return anchor.kind === 'link' ? `<${anchor.element.textContent}>` : `…${anchor.node.data.slice(0, anchor.end)}|`;
  });
}

describe('locateAuthors', () => {
  it('pairs links whatever the name form', () => {
    const div = authorsDiv(
      [link('R. Cao'), link('A.M. Sirunyan'), link('C. Balázs'), link('Łukasz Żyński'), link('M. Finger Jr.')].join(', '),
    );
    const located = locate(div, ['Cao, Ray', 'Sirunyan, A. M.', "Bal\\'azs, C.", 'Zynski, Lukasz', 'Finger Jr., M.']);
    expect(described(located)).toEqual(['<R. Cao>', '<A.M. Sirunyan>', '<C. Balázs>', '<Łukasz Żyński>', '<M. Finger Jr.>']);
  });

  it('keeps order between authors with the same surname', () => {
    const div = authorsDiv(`${link('A. Wang')}, ${link('B. Wang')}`);
    expect(described(locate(div, ['Wang, A.', 'Wang, B.']))).toEqual(['<A. Wang>', '<B. Wang>']);
  });

  it('anchors an unlinked name at its end, skipping affiliations in parentheses', () => {
    const div = authorsDiv(`${link('Wei Zhang')} (Ming Li Institute), Ming Li (2), ${link('Jo Park')}`);
    expect(described(locate(div, ['Zhang, Wei', 'Li, Ming', 'Park, Jo']))).toEqual([
      '<Wei Zhang>',
      '… (Ming Li Institute), Ming Li|',
      '<Jo Park>',
    ]);
  });

  it('only matches whole words', () => {
    const div = authorsDiv('Ming Lin, Ming Li');
    expect(described(locate(div, ['Lin, Ming', 'Li, Ming']))).toEqual(['…Ming Lin|', '…Ming Lin, Ming Li|']);
  });

  it('finds an unlinked name written with initials or in citation order', () => {
    const div = authorsDiv('M. Li, Cao, Ray');
    expect(described(locate(div, ['Li, Ming', 'Cao, Ray']))).toEqual(['…M. Li|', '…M. Li, Cao, Ray|']);
  });

  it('ends a name after a decomposed accent', () => {
    const div = authorsDiv('Zoe\u0308 Dupre\u0301 (1)');
    const [located] = locate(div, ['Dupré, Zoë']);
    expect(located?.anchor?.kind === 'text' && located.anchor.end).toBe('Zoe\u0308 Dupre\u0301'.length);
  });

  it('leaves an author that is not written unanchored, without derailing the next ones', () => {
    const div = authorsDiv(`${link('Ray Cao')}, ${link('Jo Park')}`);
    expect(described(locate(div, ['Cao, Ray', 'Ghost, Casper', 'Park, Jo']))).toEqual(['<Ray Cao>', null, '<Jo Park>']);
  });

  it('gives an unrecognisable link to the author at its position', () => {
    const div = authorsDiv(`${link('Ray Cao')}, ${link('Q. Zzyzx')}, ${link('Jo Park')}`);
    expect(described(locate(div, ['Cao, Ray', 'Xyz, Q.', 'Park, Jo']))).toEqual(['<Ray Cao>', '<Q. Zzyzx>', '<Jo Park>']);
  });

  it('ignores scripts, noscript and skipped elements', () => {
    const div = authorsDiv(
      `${link('Ray Cao')}<script>var who = "Ming Li";</script><noscript>Ming Li</noscript><a id="toggle" href="javascript:void 0">Ming Li</a>`,
    );
    const toggle = div.querySelector('#toggle');
    if (!toggle) throw new Error('no toggle');
    const located = locateAuthors(div, ['Cao, Ray', 'Li, Ming'], { longList: null, skip: [toggle] });
    expect(described(located)).toEqual(['<Ray Cao>', null]);
  });

  it('does not let an unclosed parenthesis hide the names after the next link', () => {
    const div = authorsDiv(`${link('Ray Cao')} (Univ. X, ${link('Jo Park')}, Ming Li`);
    expect(described(locate(div, ['Cao, Ray', 'Park, Jo', 'Li, Ming']))).toEqual([
      '<Ray Cao>',
      '<Jo Park>',
      '…, Ming Li|',
    ]);
  });

  it('flags authors inside the long list as hidden', () => {
    const div = authorsDiv(
      `${link('Ray Cao')}<div id="long-author-list" style="display: none;">, ${link('Jo Park')}, Ming Li</div>`,
    );
    expect(locate(div, ['Cao, Ray', 'Park, Jo', 'Li, Ming', 'Ghost, Casper']).map((a) => a.hidden)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});
