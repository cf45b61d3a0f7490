// Reading arXiv's announcement feeds (rss.arxiv.org/rss|atom/<cats>), as arXiv's feed service
// writes them (arXiv/arxiv-feed, feed/serializers): per item or entry the abstract link, a guid
// or id `oai:arXiv.org:<id>v<N>`, `arxiv:announce_type`, one category per category, and the
// authors in one `dc:creator` string, "First Last (Affiliation, …), …" — Atom entries too, where
// older builds wrote one <author><name> each. Elements are found by local name, so a prefix
// other than arXiv's own reads the same (docs/same-day-alerts.md).

import type { AnnounceType } from '../announcement-model';
import { parseArxivId } from '../ids';
import { isCategory } from '../categories';
import { collapseSpaces } from '../names';
import type { ListedAnnouncement } from './new-listing';

const ELEMENT_NODE = 1;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The element children of `el` by local name (first of each), and every `category`. */
function childrenOf(el: Element): { one: Map<string, Element>; categories: Element[]; authors: Element[] } {
  const one = new Map<string, Element>();
  const categories: Element[] = [];
  const authors: Element[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE) continue;
    const e = c as Element;
    if (e.localName === 'category') categories.push(e);
    else if (e.localName === 'author') authors.push(e);
    else if (!one.has(e.localName)) one.set(e.localName, e);
  }
  return { one, categories, authors };
}

const text = (e: Element | undefined) => collapseSpaces(e?.textContent ?? '');

/**
 * The authors of a `dc:creator` string: "A One, B Two (MIT, Harvard), and C Three" → names with
 * their affiliations. Commas inside parentheses belong to the affiliations.
 */
export function creatorNames(creator: string): { name: string; affiliations: string[] }[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of creator) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.flatMap((part) => {
    const t = collapseSpaces(part).replace(/^and\s+/i, '');
    if (!t) return [];
    const m = /^(.*?)\s*\((.*)\)\s*$/.exec(t);
    const name = m ? m[1]! : t;
    const affiliations = m ? m[2]!.split(',').map(collapseSpaces).filter(Boolean) : [];
    return [{ name, affiliations }];
  });
}

function announceType(raw: string): AnnounceType | null {
  if (raw === 'new') return 'new';
  if (raw === 'cross') return 'cross';
  if (raw === 'replace' || raw === 'replace-cross') return 'replace';
  return null; // `absonly` and anything unknown: no new paper
}

/** The bare id of an item: its guid / id (`oai:arXiv.org:<id>vN`), else its abstract link. */
function itemId(one: Map<string, Element>, link: string): string | null {
  const guid = text(one.get('guid') ?? one.get('id')).replace(/^oai:arXiv\.org:/i, '');
  return parseArxivId(guid)?.id ?? parseArxivId(link)?.id ?? null;
}

/** "Announce Type: new" inside the description, for a feed without arxiv:announce_type. */
const typeInDescription = (description: string) => /Announce Type:\s*([a-z-]+)/i.exec(description)?.[1]?.toLowerCase() ?? '';

/** The abstract from a description "arXiv:… Announce Type: new \nAbstract: …". */
function abstractOf(description: string): string {
  const at = description.search(/Abstract:/i);
  return at >= 0 ? description.slice(at + 'Abstract:'.length) : description;
}

/** A feed's date (RSS `pubDate` "Fri, 23 Feb 2024 00:00:00 -0500", Atom `updated` "2024-02-23T00:00:00-05:00") as the day it names. */
export function feedDate(raw: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})T/.exec(raw.trim());
  if (iso) return iso[1]!;
  const m = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})/.exec(raw);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]!.toLowerCase());
  return month < 0 ? null : `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/**
 * An RSS 2.0 or Atom feed's papers and the day it is for. Null when the document is neither
 * (an error page, a parser error): that is not an empty feed.
 */
export function readFeed(doc: Document): { listedAs: string | null; papers: ListedAnnouncement[] } | null {
  const root = doc.documentElement;
  if (!root || root.getElementsByTagName('parsererror').length) return null;
  const rss = root.localName === 'rss';
  const channel = rss ? childrenOf(root).one.get('channel') : root.localName === 'feed' ? root : undefined;
  if (!channel) return null;
  const head = childrenOf(channel).one;
  const listedAs = feedDate(text(head.get(rss ? 'pubDate' : 'updated')));
  const papers: ListedAnnouncement[] = [];
  for (let c = channel.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE || (c as Element).localName !== (rss ? 'item' : 'entry')) continue;
    const { one, categories, authors } = childrenOf(c as Element);
    const linkEl = one.get('link');
    const link = rss ? text(linkEl) : (linkEl?.getAttribute('href') ?? '');
    const arxivId = itemId(one, link);
    const description = (one.get(rss ? 'description' : 'summary')?.textContent ?? '');
    const type = announceType(text(one.get('announce_type')).toLowerCase() || typeInDescription(description));
    if (!arxivId || !type) continue;
    const creator = one.get('creator');
    const named = creator
      ? creatorNames(creator.textContent ?? '')
      : authors.map((a) => ({ name: text(childrenOf(a).one.get('name')), affiliations: [] as string[] }));
    const kept = named.filter((n) => /\p{L}/u.test(n.name));
    const affiliations: Record<number, string[]> = {};
    kept.forEach((n, i) => {
      if (n.affiliations.length) affiliations[i] = n.affiliations;
    });
    const cats = categories.map((e) => collapseSpaces(e.getAttribute('term') ?? e.textContent ?? '')).filter(isCategory);
    papers.push({
      arxivId,
      title: text(one.get('title')),
      authors: kept.map((n) => n.name),
      ...(Object.keys(affiliations).length ? { affiliations } : {}),
      categories: [...new Set(cats)],
      type,
      abstract: () => abstractOf(description),
    });
  }
  return { listedAs, papers };
}
