// Finds where each author of the page's author list is written inside div.authors, so a
// badge can be placed next to the name. Pure reads; one linear walk plus a forward-only
// alignment, because 1411.4413 has ~2,830 authors.

import { foldChar, isMark, isWordChar, nameForms, nameTokens, type NameForms } from './names';
import { SELECTORS, matchesAny, queryAll } from './selectors';

export type AuthorAnchor =
  | { kind: 'link'; element: HTMLAnchorElement }
  | { kind: 'text'; node: Text; end: number };

export interface LocatedAuthor {
  anchor: AuthorAnchor | null;
  /** Inside #long-author-list (for an unlocated author: where its name would have been). */
  hidden: boolean;
}

interface FoldedText {
  raw: string;
  /** The node's letters and digits, folded (see foldChar), run together. */
  key: string;
  /** For each UTF-16 unit of `key`: the raw offsets of the character it came from… */
  starts: number[];
  ends: number[];
  /** …and the parenthesis depth there: affiliations are written "(1)", "((1) Univ …)". */
  depths: number[];
}

type Segment =
  | { kind: 'link'; element: HTMLAnchorElement; tokens: string[]; tokenSet: Set<string>; hidden: boolean }
  | { kind: 'text'; node: Text; folded: FoldedText; hidden: boolean };

/** A located author, and where the search for the next one resumes. */
interface Match extends LocatedAuthor {
  anchor: AuthorAnchor;
  segment: number;
  offset: number;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template']);

// How many following authors may claim the next link before an unrecognised author is given
// it by position; keeps recovery constant-time per author.
const LOOKAHEAD = 3;

function foldText(raw: string, depthIn: number): { folded: FoldedText; depthOut: number } {
  const folded: FoldedText = { raw, key: '', starts: [], ends: [], depths: [] };
  let depth = depthIn;
  let i = 0;
  while (i < raw.length) {
    const width = (raw.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const ch = raw.slice(i, i + width);
    if (ch === '(') depth += 1;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (isMark(ch)) {
      // A decomposed accent belongs to the letter before it: a name ends after its accent.
      for (let k = folded.ends.length - 1; k >= 0 && folded.ends[k] === i; k--) folded.ends[k] = i + width;
    } else {
      const letters = foldChar(ch);
      for (let k = 0; k < letters.length; k++) {
        folded.starts.push(i);
        folded.ends.push(i + width);
        folded.depths.push(depth);
      }
      folded.key += letters;
    }
    i += width;
  }
  return { folded, depthOut: depth };
}

/**
 * The text and links of `root` in document order, as they are asked for. The long list inside
 * it is left out when `root` is not the long list itself: its thousands of names are walked
 * only as far as the authors being located.
 */
function* segmentsOf(root: Element, longList: Element | null, skip: ReadonlySet<Element>): Generator<Segment, void> {
  // One query instead of Element.matches per element: far cheaper for thousands of links.
  const authorLinks = new Set(queryAll(root, SELECTORS.authorLinks));
  let depth = 0;
  function* visit(parent: Node, hidden: boolean): Generator<Segment, void> {
    // Indexing childNodes rather than following nextSibling: some DOMs (happy-dom) find a
    // sibling by searching the parent's child list, which is quadratic over 5,000 children.
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (!node) continue;
      if (node.nodeType === TEXT_NODE) {
        const text = node as Text;
        const { folded, depthOut } = foldText(text.data, depth);
        depth = depthOut;
        if (folded.key !== '') yield { kind: 'text', node: text, folded, hidden };
      } else if (node.nodeType === ELEMENT_NODE) {
        const element = node as Element;
        if (authorLinks.has(element)) {
          const tokens = nameTokens(element.textContent ?? '');
          yield { kind: 'link', element: element as HTMLAnchorElement, tokens, tokenSet: new Set(tokens), hidden };
          // Links never sit inside an affiliation, so an unbalanced "(" cannot outlive one.
          depth = 0;
          continue;
        }
        if (NOT_CONTENT.has(element.localName) || skip.has(element) || matchesAny(element, SELECTORS.descriptor)) continue;
        // Weft's own badges, when the page is read again after they were inserted.
        if (element.hasAttribute('data-weft-author') || element === longList) continue;
        yield* visit(element, hidden);
      }
    }
  }
  yield* visit(root, root === longList);
}

// Link text and meta disagree in form ("A.M. Sirunyan" / "Sirunyan, A. M.", "The CMS" /
// "CMS, The", "Super-FRS Experiment Collaboration" / "Collaboration, for the Super-FRS
// Experiment"): accept when the link shows the whole surname or only words of the name.
function linkMatches(link: Extract<Segment, { kind: 'link' }>, author: NameForms): boolean {
  if (author.surname.length > 0 && author.surname.every((t) => link.tokenSet.has(t))) return true;
  return link.tokens.length > 0 && link.tokens.every((t) => author.tokens.has(t));
}

function charBefore(raw: string, offset: number): string {
  if (offset <= 0) return '';
  const low = raw.charCodeAt(offset - 1);
  return low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? raw.slice(offset - 2, offset) : raw.charAt(offset - 1);
}

function charAt(raw: string, offset: number): string {
  const cp = raw.codePointAt(offset);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/**
 * The earliest place at or after raw offset `from` where one of `keys` is written as whole
 * words outside parentheses.
 */
function findInText(folded: FoldedText, keys: readonly string[], from: number): { start: number; end: number } | null {
  // Binary search: the same node is searched again from later offsets for each unlinked name.
  let low = 0;
  let high = folded.starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((folded.starts[mid] ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  const firstKeyIndex = low;
  let best: { start: number; end: number } | null = null;
  for (const key of keys) {
    for (let at = folded.key.indexOf(key, firstKeyIndex); at !== -1; at = folded.key.indexOf(key, at + 1)) {
      const start = folded.starts[at] ?? 0;
      if (best && start >= best.start) break;
      const end = folded.ends[at + key.length - 1] ?? 0;
      if (folded.depths[at] !== 0) continue;
      if (isWordChar(charBefore(folded.raw, start)) || isWordChar(charAt(folded.raw, end))) continue;
      best = { start, end };
      break;
    }
  }
  return best;
}

/**
 * Pairs authors (by `citation_author` value, in order) with their link or with the end of
 * their name in a text node of div.authors, a few at a time: `next(count)` locates the next
 * `count` authors into `located` and says whether all are done. Never pairs author k+1 before
 * author k's position. Incremental because a 3,000-author list must not be one long task.
 */
export function createAuthorLocator(
  authorsElement: Element,
  citationNames: readonly string[],
  options: { longList: Element | null; skip: readonly Element[] },
) {
  const { longList } = options;
  const skip = new Set(options.skip);
  const located: LocatedAuthor[] = [];
  let segment = 0;
  let offset = 0;
  // The visible part is read at once; the long list (arXiv writes it last in div.authors, then
  // only its toggle and a <noscript>, so its names follow the visible ones) as it is reached.
  const segments = [...segmentsOf(authorsElement, longList, skip)];
  let hiddenPart: Generator<Segment, void> | null = null;
  let expanded = !longList || !authorsElement.contains(longList);
  /** Reads one more segment of the long list; false when there is none (or not expanded). */
  const readMore = (): boolean => {
    const next = hiddenPart?.next();
    if (!next || next.done) return false;
    segments.push(next.value);
    return true;
  };
  /** The first link at or after segment `from` (segments.length: none). */
  const nextLink = (from: number): number => {
    for (let i = from; ; i++) {
      if (i >= segments.length && !readMore()) return segments.length;
      if (segments[i]!.kind === 'link') return i;
    }
  };
  const visibleDone = () => !expanded && nextLink(segment) === segments.length;
  const expand = () => {
    hiddenPart = segmentsOf(longList!, longList, skip);
    expanded = true;
  };
  // Folded forms are made when an author is reached, not all up front.
  const forms: NameForms[] = [];
  const formsOf = (k: number) => (forms[k] ??= nameForms(citationNames[k] ?? ''));

  const linkMatch = (segment: number): Match | null => {
    const seg = segments[segment];
    if (seg?.kind !== 'link') return null;
    return { anchor: { kind: 'link', element: seg.element }, hidden: seg.hidden, segment: segment + 1, offset: 0 };
  };

  // Where an author is written, looking no further than the next link.
  const locate = (author: NameForms, segment: number, offset: number): Match | null => {
    const link = nextLink(segment);
    for (let s = segment; s < link; s++) {
      const seg = segments[s];
      if (seg?.kind !== 'text') continue;
      const found = findInText(seg.folded, author.keys, s === segment ? offset : 0);
      if (found) {
        const anchor: AuthorAnchor = { kind: 'text', node: seg.node, end: found.end };
        return { anchor, hidden: seg.hidden, segment: s, offset: found.end };
      }
    }
    const seg = segments[link];
    return seg?.kind === 'link' && linkMatches(seg, author) ? linkMatch(link) : null;
  };


  function locateNext(): void {
    const k = located.length;
    const link = nextLink(segment);
    let match = locate(formsOf(k), segment, offset);
    if (!match) {
      // An unrecognised name: take the next link by position unless a following author owns it
      // (then this author is simply not written in div.authors).
      let owned = false;
      for (let j = k + 1; j < Math.min(citationNames.length, k + 1 + LOOKAHEAD) && !owned; j++) {
        owned = locate(formsOf(j), segment, offset) !== null;
      }
      if (!owned) match = linkMatch(link);
    }
    if (match) {
      located.push({ anchor: match.anchor, hidden: match.hidden });
      segment = match.segment;
      offset = match.offset;
    } else {
      const hidden = segments[link]?.hidden ?? located.at(-1)?.hidden ?? false;
      located.push({ anchor: null, hidden });
    }
  }

  return {
    located,
    /** Locates up to `count` more authors; true once every author is located. */
    next(count: number): boolean {
      const end = Math.min(citationNames.length, located.length + count);
      while (located.length < end) {
        if (visibleDone()) expand();
        locateNext();
      }
      return located.length >= citationNames.length;
    },
    /** Whether every author is located or the next ones are in the (not yet read) long list. */
    atHiddenPart(): boolean {
      return located.length >= citationNames.length || visibleDone();
    },
  };
}

/** Every author located at once (see createAuthorLocator). */
export function locateAuthors(
  authorsElement: Element,
  citationNames: readonly string[],
  options: { longList: Element | null; skip: readonly Element[] },
): LocatedAuthor[] {
  const locator = createAuthorLocator(authorsElement, citationNames, options);
  locator.next(citationNames.length);
  return locator.located;
}
