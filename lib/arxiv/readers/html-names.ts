// Reading the names and the affiliation lines of an HTML-view author block, line by line (see
// html-lines.ts). LaTeXML leaves a tabular \author block unsplit, so one line may hold many
// names, joined by commas, "and" and table cells, with marks after them.

import type { AuthorAnchor } from '../author-anchors';
import { collapseSpaces } from '../names';
import { findEmails, findOrcids, orcidOfHref, type PrintedEmail } from './html-evidence';
import { SEP, positionAfter, type Line } from './html-lines';

/** A person's name as a line prints it. */
export interface PrintedName {
  /** As printed, spaces collapsed: "V. Khachatryan", "John Smith, Jr.". */
  printed: string;
  /** Display form: "John Smith Jr.". */
  name: string;
  anchor: AuthorAnchor;
  /** The marks after the name ("1", "2" for "Spathis¹,²"). */
  labels: string[];
  /** From an ORCID link (or a printed id) right after the name. */
  orcid: string | null;
}

export interface NameLine {
  names: PrintedName[];
  /** "The CMS and LHCb Collaborations": printed where a name would be, but not a person. */
  collaborations: string[];
  emails: PrintedEmail[];
}

/** An affiliation, with the mark that labels it ("¹University of Exampleton") if any. */
export interface PrintedAffiliation {
  label: string | null;
  text: string;
}

// Separators between names. "and" only as a word between spaces; "&" as LaTeX's \and may print.
const NAME_BREAK = /[\0,;\u2001-\u2003]/g;
const AND = /(?<=^|\s)and(?=\s|$)|&/giu;
// A plural collaboration names several ("The CMS and LHCb Collaborations"): never split it.
const COLLABORATIONS = /\b(?:collaborations|consortia)\b/i;
const COLLABORATION = /\b(?:collaboration|consortium|group|team)\b/i;
// A name's suffix printed after a comma belongs to the name before it.
const SUFFIX = /^(?:jr|sr|ii|iii|iv)\.?$/i;
// Marks printed as text rather than superscript ("Smith*", "Smith1" from \IEEEauthorrefmark),
// and stray punctuation, at the edges of a name.
const NAME_EDGE = String.raw`[\s\d*†‡§¶#∗⋆·•,;-]`;
const NAME_LEAD = new RegExp(`^${NAME_EDGE}*`, 'u');
const NAME_TRAIL = new RegExp(`${NAME_EDGE}*$`, 'u');
// The same for an affiliation, whose digits are its own ("3M Company").
const AFFILIATION_EDGES = /^[\s*†‡§¶#∗⋆·•,;-]+|[\s*†‡§¶#∗⋆·•,;-]+$/gu;
const HAS_LETTER = /\p{L}/u;
// Printed names have no digits, addresses, labels or braces; the rest of a line (affiliations,
// e-mails) usually has one of them.
const NOT_IN_NAME = /[\d@:{}[\]<>=/\\]/;
const ET_AL = /^et\.?\s*al\.?$/i;
// An affiliation LaTeXML left among the names ("Alice Smith  University of X"), or a template's
// placeholder ("First Author / Affiliation").
const INSTITUTION =
  /\b(?:univ\w*|institut\w*|department|dept|laborator\w*|labs?|college|school|cent(?:er|re)|faculty|academy|hospital|inc|ltd|llc|gmbh|corporation|research|foundation|observatory|affiliation)\b/i;
const MAX_NAME_WORDS = 8;
const LABEL_SPLIT = /[\s,;]+/;

/** Whether a printed name is a collaboration's ("The CMS Collaboration"), not a person's. */
export function isCollaboration(text: string): boolean {
  return COLLABORATIONS.test(text) || COLLABORATION.test(text);
}

function isPersonName(text: string): boolean {
  return (
    HAS_LETTER.test(text) &&
    !NOT_IN_NAME.test(text) &&
    !ET_AL.test(text) &&
    !INSTITUTION.test(text) &&
    text.split(/\s+/).length <= MAX_NAME_WORDS
  );
}

/** `text` with each span replaced by `fill` characters (offsets keep their meaning). */
function blank(text: string, spans: readonly { start: number; end: number }[], fill: string): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + fill.repeat(span.end - span.start);
    at = span.end;
  }
  return out + text.slice(at);
}

/** The text with e-mail addresses cut out (as separators) and printed ORCIDs blanked. */
function maskContacts(line: Line): { text: string; emails: PrintedEmail[]; orcids: { at: number; id: string }[] } {
  const emailSpans = findEmails(line.text);
  const withoutEmails = blank(line.text, emailSpans, SEP);
  const orcidSpans = findOrcids(withoutEmails);
  return {
    text: blank(withoutEmails, orcidSpans, ' '),
    emails: emailSpans.flatMap((span) => span.emails),
    orcids: orcidSpans.map((found) => ({ at: found.start, id: found.id })),
  };
}

/** [start, end) of `text` between `from` and `to`, without the junk at its edges. */
function trimmed(text: string, from: number, to: number): { start: number; end: number } {
  const piece = text.slice(from, to);
  const lead = NAME_LEAD.exec(piece)?.[0].length ?? 0;
  const trail = NAME_TRAIL.exec(piece.slice(lead))?.[0].length ?? 0;
  return { start: from + lead, end: to - trail };
}

interface Piece {
  start: number;
  end: number;
  /** Where the next separator starts: marks up to here follow this piece. */
  reach: number;
}

/** The pieces of [from, to) between the matches of `separator`. */
function piecesOf(text: string, from: number, to: number, separator: RegExp): Piece[] {
  const pieces: Piece[] = [];
  let start = from;
  const chunk = text.slice(from, to);
  for (const match of chunk.matchAll(separator)) {
    pieces.push({ start, end: from + match.index, reach: from + match.index });
    start = from + match.index + match[0].length;
  }
  pieces.push({ start, end: to, reach: to });
  return pieces
    .map((piece) => ({ ...piece, ...trimmed(text, piece.start, piece.end) }))
    .filter((piece) => piece.end > piece.start);
}

/** The persons and collaborations a line of names prints, in order. */
export function readNameLine(line: Line): NameLine {
  const { text, emails, orcids } = maskContacts(line);
  const names: (PrintedName & { piece: Piece; chunk: number })[] = [];
  const collaborations: string[] = [];
  const chunks = piecesOf(text, 0, text.length, NAME_BREAK);
  chunks.forEach((chunk, c) => {
    const chunkText = collapseSpaces(text.slice(chunk.start, chunk.end));
    if (COLLABORATIONS.test(chunkText)) {
      collaborations.push(chunkText);
      return;
    }
    for (const piece of piecesOf(text, chunk.start, chunk.reach, AND)) {
      const printed = collapseSpaces(text.slice(piece.start, piece.end));
      const previous = names.at(-1);
      if (SUFFIX.test(printed) && previous && previous.chunk === c - 1) {
        previous.printed = collapseSpaces(text.slice(previous.piece.start, piece.end));
        previous.name = `${previous.name} ${printed}`;
        previous.piece = { ...piece, start: previous.piece.start };
        previous.anchor = anchorAfter(line, piece.end);
        continue;
      }
      if (COLLABORATION.test(printed)) collaborations.push(printed);
      else if (isPersonName(printed)) {
        names.push({ printed, name: printed, anchor: anchorAfter(line, piece.end), labels: [], orcid: null, piece, chunk: c });
      }
    }
  });
  // A marker follows the last name to start at or before it, unless a separator comes between.
  // Markers are in text order, so one forward walk finds them all.
  const ownerWalk = () => {
    let i = -1;
    return (at: number) => {
      while (i + 1 < names.length && names[i + 1]!.piece.start <= at) i++;
      const name = names[i];
      return name && at <= name.piece.reach ? name : undefined;
    };
  };
  const markOwner = ownerWalk();
  for (const marker of line.markers) {
    const name = markOwner(marker.at);
    if (!name) continue;
    if (marker.kind === 'orcid') name.orcid ??= orcidOfHref(marker.value);
    else name.labels.push(...marker.value.split(LABEL_SPLIT).filter((l) => l !== ''));
  }
  const orcidOwner = ownerWalk();
  for (const found of orcids) {
    const name = orcidOwner(found.at);
    if (name) name.orcid ??= found.id;
  }
  return { names: names.map(({ piece: _piece, chunk: _chunk, ...name }) => name), collaborations, emails };
}

function anchorAfter(line: Line, end: number): AuthorAnchor {
  const at = positionAfter(line, end);
  return at.link ? { kind: 'link', element: at.link } : { kind: 'text', node: at.node, end: at.end };
}

/**
 * Whether a line starts with a mark: LaTeXML's own test for an affiliation line
 * ("¹University of …"), against a name line, whose marks follow the names.
 */
export function startsWithMark(line: Line): boolean {
  const first = line.markers.find((marker) => marker.kind === 'mark');
  return !!first && !HAS_LETTER.test(line.text.slice(0, first.at));
}

/**
 * Where a name line goes on with a labelled affiliation: at a mark that starts a word
 * ("Smith¹  ¹University of …"), where a name's own marks end it. Null when it does not.
 */
export function affiliationStart(line: Line): number | null {
  for (const marker of line.markers) {
    if (marker.kind !== 'mark' || marker.at === 0) continue;
    if (HAS_LETTER.test(line.text.charAt(marker.at)) && /[\s\0]/.test(line.text.charAt(marker.at - 1))) return marker.at;
  }
  return null;
}

function cleanAffiliation(text: string): string {
  return collapseSpaces(text.replace(/\0/g, ' ')).replace(AFFILIATION_EDGES, '');
}

/**
 * The affiliations a line prints, and its e-mail addresses. Marks at the front split it into
 * labelled affiliations; otherwise wide spaces and cell edges do ("A  B" is two).
 */
export function readAffiliationLine(line: Line): { affiliations: PrintedAffiliation[]; emails: PrintedEmail[] } {
  const { text, emails } = maskContacts(line);
  const affiliations: PrintedAffiliation[] = [];
  const add = (label: string | null, raw: string) => {
    const cleaned = cleanAffiliation(raw);
    if (HAS_LETTER.test(cleaned)) affiliations.push({ label, text: cleaned });
  };
  if (startsWithMark(line)) {
    const marks = line.markers.filter((marker) => marker.kind === 'mark');
    marks.forEach((mark, i) => add(collapseSpaces(mark.value), text.slice(mark.at, marks[i + 1]?.at ?? text.length)));
  } else {
    for (const piece of text.split(/[\0\u2001-\u2003]+/)) add(null, piece);
  }
  return { affiliations, emails };
}
