// @vitest-environment happy-dom
import type { PageAuthor, PagePaper } from '../arxiv/page-model';
import { placeHost } from './badge-placement';

function page(html: string) {
  document.body.replaceChildren();
  const div = document.createElement('div');
  div.className = 'authors';
  div.append(document.createTextNode(html));
  document.body.append(div);
  return { div, text: div.firstChild as Text, abs: { authorsElement: div, hiddenAuthors: null } as unknown as PagePaper };
}
const textAuthor = (node: Text, end: number): PageAuthor =>
  ({ index: 0, name: '', citationName: '', hidden: false, anchor: { kind: 'text', node, end } }) as PageAuthor;
const host = (i: number) => {
  const el = document.createElement('weft-author');
  el.setAttribute('data-weft-author', String(i));
  return el;
};

describe('placeHost', () => {
  const line = 'Ann Lee (1), 李明 (2), 김민준 (3)';
  const ends = [line.indexOf(' (1)'), line.indexOf(' (2)'), line.indexOf(' (3)')];
  const expected = 'Ann Lee[0] (1), 李明[1] (2), 김민준[2] (3)';
  const render = (div: HTMLElement) =>
    [...div.childNodes].map((n) => (n.nodeType === 3 ? (n as Text).data : `[${(n as Element).getAttribute('data-weft-author')}]`)).join('');

  it('puts each badge right after its name when names share a text node, placed first to last', () => {
    const { div, text, abs } = page(line);
    ends.forEach((end, i) => placeHost(abs, textAuthor(text, end), host(i)));
    expect(render(div)).toBe(expected);
  });

  it('does the same placed last to first, or in any order', () => {
    const { div, text, abs } = page(line);
    [2, 0, 1].forEach((i) => placeHost(abs, textAuthor(text, ends[i]!), host(i)));
    expect(render(div)).toBe(expected);
  });

  it('appends an author it cannot locate at the end of the list, keeping the text', () => {
    const { div, abs } = page('Ann Lee');
    placeHost(abs, { index: 0, name: '', citationName: '', hidden: false, anchor: null } as PageAuthor, host(0));
    expect(render(div)).toBe('Ann Lee[0]');
  });
});
