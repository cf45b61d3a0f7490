/** Where badge hosts go in arXiv's author list. */
import type { PageAuthor, PagePaper } from '../arxiv/page-model';

/** The text node and offset where `end` of `node` now is, after earlier badges split it. */
function resolveTextPosition(node: Text, end: number): { node: Text; end: number } {
  let current: Node | null = node;
  let offset = end;
  while (current) {
    if (current.nodeType === Node.TEXT_NODE) {
      const length = (current as Text).data.length;
      if (offset <= length) return { node: current as Text, end: offset };
      offset -= length;
    }
    // Splitting leaves: text, a badge host, the rest of the text.
    current = current.nextSibling;
  }
  return { node, end: node.data.length };
}

/** Puts a badge host right after its author's name without changing arXiv's own text. */
export function placeHost(paper: PagePaper, author: PageAuthor, host: HTMLElement): void {
  const anchor = author.anchor;
  if (anchor?.kind === 'link') {
    anchor.element.after(host);
  } else if (anchor?.kind === 'text') {
    const at = resolveTextPosition(anchor.node, anchor.end);
    if (at.end < at.node.data.length) at.node.splitText(at.end);
    at.node.after(host);
  } else {
    ((author.hidden && paper.hiddenAuthors) || paper.authorsElement)?.append(host);
  }
}
