import { privacy, privacyMarkdown, runs } from './privacy';

describe('the privacy facts', () => {
  it('are what docs/privacy.md says, word for word', async () => {
    await expect(privacyMarkdown()).toMatchFileSnapshot('../../docs/privacy.md');
  });

  it('name every host Weft may reach (the catalogs, arXiv for its announcements), and nothing else as a host', async () => {
    const { API_BASES } = await import('../catalog/hosts');
    const { ARXIV_HOST, RSS_ORIGIN } = await import('../arxiv/urls');
    const hosts = privacy().recipients.flatMap((r) => runs(r.where).filter((x) => x.kind === 'code').map((x) => x.text));
    expect(hosts.sort()).toEqual([...Object.values(API_BASES).map((b) => new URL(b).host), ARXIV_HOST, new URL(RSS_ORIGIN).host].sort());
  });

  it('mark code and titles so a page can render them as such', () => {
    expect(runs('the `arxiv.org/abs/…` pages and *Not this person?*, then text')).toEqual([
      { kind: 'text', text: 'the ' },
      { kind: 'code', text: 'arxiv.org/abs/…' },
      { kind: 'text', text: ' pages and ' },
      { kind: 'title', text: 'Not this person?' },
      { kind: 'text', text: ', then text' },
    ]);
  });
});
