/**
 * From the text arXiv served to the papers worth sending on (docs/same-day-alerts.md, "Reading
 * what arXiv serves"): parsed with the DOM's own parser (an inert document: no script runs,
 * nothing loads), read by the /new listing or feed reader (lib/arxiv/readers), bounded, sieved.
 * Runs where a DOMParser exists: Chrome's offscreen document, Firefox's event page, tests. Also
 * the message that carries such a read to Chrome's offscreen document, and its check there.
 */
import {
  MAX_ABSTRACT_CHARS,
  MAX_ANNOUNCED_PAPERS,
  MAX_ANNOUNCEMENT_BYTES,
  familyWords,
  topicWords,
  type AnnouncedPaper,
  type AnnouncementRead,
  type Sieve,
} from '../arxiv/announcement-model';
import { collapseSpaces, nameTokens } from '../arxiv/names';
import { readFeed } from '../arxiv/readers/feed';
import { readNewListing, type ListedAnnouncement } from '../arxiv/readers/new-listing';
import { MAX_ENTRY_AUTHORS, MAX_NAME_CHARS, MAX_TITLE_CHARS } from './limits';

/** What was served: an arxiv.org /list/<cat>/new page, or an rss.arxiv.org RSS or Atom feed. */
export type AnnouncementFormat = 'listing' | 'feed';

/** Why a text could not be read as an announcement. */
export type Unreadable = 'too-large' | 'declarations' | 'not-an-announcement';

/** Affiliations kept per author, characters each. */
const MAX_AFFILIATIONS = 5;
const MAX_AFFILIATION_CHARS = 300;

/**
 * Declarations in an XML feed are refused outright: arXiv's feeds have none, and an internal
 * entity is how a small body expands into a huge one ("billion laughs").
 */
const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;
/**
 * The XML declaration names an encoding the text no longer has (fetch decoded it), and some
 * parsers trip over arXiv's single-quoted one: it goes.
 */
const XML_DECLARATION = /^\uFEFF?\s*<\?xml[^>]*\?>/;

/** Plain text, spaces collapsed, cut at `max` code points. */
export function boundedText(text: string, max: number): string {
  const t = collapseSpaces(text.length > max * 4 ? text.slice(0, max * 4) : text);
  return t.length <= max ? t : Array.from(t).slice(0, max).join('');
}

/** A paper as it may leave the reader: every field bounded. */
function bounded(p: ListedAnnouncement): ListedAnnouncement {
  const authors = p.authors.slice(0, MAX_ENTRY_AUTHORS).map((n) => boundedText(n, MAX_NAME_CHARS));
  const affiliations = p.affiliations && Object.fromEntries(Object.entries(p.affiliations)
    .filter(([i]) => Number(i) < authors.length)
    .map(([i, list]) => [i, list.slice(0, MAX_AFFILIATIONS).map((a) => boundedText(a, MAX_AFFILIATION_CHARS))]));
  return {
    ...p,
    title: boundedText(p.title, MAX_TITLE_CHARS),
    authors,
    ...(affiliations ? { affiliations } : {}),
    categories: p.categories.slice(0, 20),
  };
}

/**
 * Applies the sieve to papers as a reader produces them (the abstract read on demand): the kept
 * papers, bounded and without their abstract (it is not sent on), and per paper the topics it matched.
 */
export function sievePapers(papers: Iterable<ListedAnnouncement>, sieve: Sieve): Pick<AnnouncementRead, 'total' | 'papers' | 'topicHits'> {
  const families = new Set(sieve.families);
  const kept: AnnouncedPaper[] = [];
  const topicHits: AnnouncementRead['topicHits'] = [];
  let total = 0;
  // Most papers are passed over: they are looked at through cheap cuts of their text, and only
  // the kept ones are bounded field by field.
  const cut = (t: string, max: number) => (t.length > max * 4 ? t.slice(0, max * 4) : t);
  for (const raw of papers) {
    if (total >= MAX_ANNOUNCED_PAPERS) break;
    total++;
    const named = families.size > 0 && raw.authors.slice(0, MAX_ENTRY_AUTHORS).some((n) => familyWords(cut(n, MAX_NAME_CHARS)).some((w) => families.has(w)));
    let hits: { topic: string; words: string[] }[] = [];
    if (sieve.topics.length) {
      const words = nameTokens(`${cut(raw.title, MAX_TITLE_CHARS)} ${cut(raw.abstract(), MAX_ABSTRACT_CHARS)}`);
      hits = sieve.topics.flatMap((t) => {
        const w = topicWords(t, words, raw.categories);
        return w ? [{ topic: t.id, words: w }] : [];
      });
    }
    if (!named && hits.length === 0) continue;
    const { abstract: _, ...paper } = bounded(raw);
    kept.push(paper);
    topicHits.push(hits);
  }
  return { total, papers: kept, topicHits };
}

export function readAnnouncementText(
  text: string,
  format: AnnouncementFormat,
  url: string,
  sieve: Sieve,
  parser: DOMParser = new DOMParser(),
): AnnouncementRead | { unreadable: Unreadable } {
  // Characters, not bytes, here: the fetch already cut the body at the byte limit.
  if (text.length > MAX_ANNOUNCEMENT_BYTES) return { unreadable: 'too-large' };
  if (format === 'feed' && DECLARATION.test(text)) return { unreadable: 'declarations' };
  const doc = format === 'feed' ? parser.parseFromString(text.replace(XML_DECLARATION, ''), 'application/xml') : parser.parseFromString(text, 'text/html');
  const read = format === 'feed' ? readFeed(doc) : readNewListing(doc, url);
  if (!read) return { unreadable: 'not-an-announcement' };
  return { listedAs: read.listedAs, ...sievePapers(read.papers, sieve) };
}

// ---------------------------------------------------------------------------------------------
// The background's message to Chrome's offscreen document (its service worker has no DOMParser)

export const OFFSCREEN_READ = 'weft-offscreen-read';

export interface OffscreenRead {
  type: typeof OFFSCREEN_READ;
  format: AnnouncementFormat;
  url: string;
  text: string;
  sieve: Sieve;
}

export type OffscreenAnswer = AnnouncementRead | { unreadable: Unreadable };

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

export function isOffscreenRead(m: unknown): m is OffscreenRead {
  if (typeof m !== 'object' || m === null) return false;
  const r = m as Partial<OffscreenRead>;
  return r.type === OFFSCREEN_READ && (r.format === 'listing' || r.format === 'feed') && typeof r.url === 'string' && typeof r.text === 'string'
    && typeof r.sieve === 'object' && r.sieve !== null && isStrings(r.sieve.families) && Array.isArray(r.sieve.topics)
    && r.sieve.topics.every((t) => typeof t?.id === 'string' && isStrings(t.categories) && Array.isArray(t.terms) && t.terms.every(isStrings));
}
