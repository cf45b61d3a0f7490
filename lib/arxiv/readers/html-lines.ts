// LaTeXML's inline markup as lines of printed text: what a reader sees of a name block, with
// each character traceable to its text node (a badge goes right after a name) and the marks,
// ORCID links and table cells that sit between the words. Pure reads.

import { SELECTORS, queryAll, type SelectorList } from '../selectors';

/** A hard break between names that the text does not show: a table cell's edge, a masked e-mail. */
export const SEP = '\0';

/** Where one text node's data starts in its line's text. */
export interface TextRun {
  node: Text;
  at: number;
  /** The link the text is inside (not an ORCID or mailto link). */
  link: HTMLAnchorElement | null;
}

/** Something printed between characters: a footnote or affiliation mark, an ORCID link. */
export interface Marker {
  at: number;
  kind: 'mark' | 'orcid';
  /** The mark's text ("1,2", "†"), or the ORCID link's href. */
  value: string;
}

export interface Line {
  text: string;
  runs: TextRun[];
  markers: Marker[];
  /** A bold heading (only when reading with `headings`): an institute in a member list. */
  heading: boolean;
}

type Kind = 'skip' | 'break' | 'mark' | 'math' | 'orcid' | 'mailto' | 'link' | 'tabular' | 'row' | 'cell' | 'heading';

/**
 * How each element under a root reads, from one query per kind rather than Element.matches per
 * element (happy-dom's is slow, and a member list has thousands of elements). Later kinds win.
 */
export type Classifier = ReadonlyMap<Element, Kind>;

export function classify(root: Element, options: { headings?: boolean } = {}): Classifier {
  const kinds = new Map<Element, Kind>();
  const add = (selectors: SelectorList, kind: Kind) => {
    for (const element of queryAll(root, selectors)) kinds.set(element, kind);
  };
  if (options.headings) add(SELECTORS.htmlBold, 'heading');
  add(SELECTORS.htmlTabular, 'tabular');
  add(SELECTORS.htmlTableRow, 'row');
  add(SELECTORS.htmlTableCell, 'cell');
  add(SELECTORS.htmlLink, 'link');
  add(SELECTORS.htmlMailto, 'mailto');
  add(SELECTORS.htmlOrcidLink, 'orcid');
  add(SELECTORS.htmlMath, 'math');
  add(SELECTORS.htmlMark, 'mark');
  add(SELECTORS.htmlLineBreak, 'break');
  add(SELECTORS.htmlNotText, 'skip');
  return kinds;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const HAS_LETTER = /\p{L}/u;

function emptyLine(heading = false): Line {
  return { text: '', runs: [], markers: [], heading };
}

/** Whether a line prints any letter. */
export function hasLetters(line: Line): boolean {
  return HAS_LETTER.test(line.text);
}

/** `$^{1,2}$` → "1,2": the mark a bit of math in a name block stands for. */
function mathMark(math: Element): string {
  const tex = math.getAttribute('alttext') ?? math.textContent ?? '';
  return tex.replace(/\\[A-Za-z]+/g, (command) => command.slice(1)).replace(/[\s^{}_]/g, '');
}

function appendLine(target: Line, source: Line): void {
  const shift = target.text.length;
  target.text += source.text;
  for (const run of source.runs) target.runs.push({ ...run, at: run.at + shift });
  for (const marker of source.markers) target.markers.push({ ...marker, at: marker.at + shift });
}

/**
 * The lines of `root`'s printed text. Line breaks are `<br>`, table rows and (with `headings`)
 * the edges of a bold heading. A table inside a line is one block of its own: its first row
 * continues the line it sits in (the names of a tabular \author block), its other rows are
 * lines after all of root's own (what a column prints under its names).
 */
export function readLines(root: Element, kinds: Classifier): Line[] {
  const lines: Line[] = [];
  const later: Line[] = [];
  let line = emptyLine();
  const newLine = (heading = false) => {
    lines.push(line);
    line = emptyLine(heading);
  };

  const visit = (parent: Node, link: HTMLAnchorElement | null): void => {
    // Indexing childNodes, not following nextSibling: happy-dom finds a sibling by searching
    // the parent's child list.
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (!node) continue;
      if (node.nodeType === TEXT_NODE) {
        const text = node as Text;
        line.runs.push({ node: text, at: line.text.length, link });
        line.text += text.data;
        continue;
      }
      if (node.nodeType !== ELEMENT_NODE) continue;
      const element = node as Element;
      switch (kinds.get(element)) {
        case 'skip':
          break;
        case 'break':
          newLine();
          break;
        case 'mark':
          line.markers.push({ at: line.text.length, kind: 'mark', value: element.textContent ?? '' });
          break;
        case 'math':
          line.markers.push({ at: line.text.length, kind: 'mark', value: mathMark(element) });
          break;
        case 'orcid':
          line.markers.push({ at: line.text.length, kind: 'orcid', value: element.getAttribute('href') ?? '' });
          break;
        case 'mailto':
          visit(element, null);
          break;
        case 'link':
          visit(element, element as HTMLAnchorElement);
          break;
        case 'tabular': {
          const [first, ...rest] = readLines(element, kinds).filter(hasLetters);
          line.text += SEP;
          if (first) appendLine(line, first);
          line.text += SEP;
          later.push(...rest);
          break;
        }
        case 'row':
          if (line.text !== '') newLine();
          visit(element, link);
          newLine();
          break;
        case 'cell':
          line.text += SEP;
          visit(element, link);
          line.text += SEP;
          break;
        case 'heading':
          newLine(true);
          visit(element, link);
          newLine();
          break;
        default:
          visit(element, link);
      }
    }
  };
  visit(root, null);
  lines.push(line);
  return [...lines, ...later];
}

/** The line cut in two at `at`: a name line whose end is an affiliation ("Smith¹  ¹Univ …"). */
export function splitLine(line: Line, at: number): [Line, Line] {
  const head = emptyLine(line.heading);
  const tail = emptyLine(line.heading);
  head.text = line.text.slice(0, at);
  tail.text = line.text.slice(at);
  for (const run of line.runs) {
    if (run.at < at) head.runs.push(run);
    if (run.at + run.node.data.length > at) tail.runs.push({ ...run, at: run.at - at });
  }
  for (const marker of line.markers) {
    if (marker.at < at) head.markers.push(marker);
    else tail.markers.push({ ...marker, at: marker.at - at });
  }
  return [head, tail];
}

/** The text node and offset just after character `end - 1` of a line. */
export function positionAfter(line: Line, end: number): TextRun & { end: number } {
  // Binary search: the runs are in text order.
  let low = 0;
  let high = line.runs.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((line.runs[mid]?.at ?? 0) <= end - 1) low = mid;
    else high = mid - 1;
  }
  const run = line.runs[low]!;
  return { ...run, end: end - run.at };
}
