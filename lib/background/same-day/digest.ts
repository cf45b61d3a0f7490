/**
 * What Weft knows of a followed researcher before any announcement is read (docs/same-day-alerts.md,
 * "Never by name alone"): how their name is printed, whom they write with, where they work, and
 * which arXiv categories they post in. Learned from their latest works (one OpenAlex list call
 * per DIGEST_GROUP researchers, refreshed every DIGEST_TTL_MS) and from the arXiv pages the
 * reader opens (the categories of their papers there). Pure: works in, digest out.
 */
import type { DigestWork } from '../catalog/openalex';
import { archivesOfField } from '../../catalog/fields';
import { nameKey } from '../../arxiv/names';

export interface Coauthor {
  name: string;
  /** Bare A id, when the catalog knows them. */
  id: string | null;
  /** Works they share among those read. */
  works: number;
}

export interface Digest {
  /** Their name as the catalog and their papers print it (distinct, at most MAX_NAMES). */
  names: string[];
  /** Their most frequent co-authors, most shared works first (at most MAX_COAUTHORS). */
  coauthors: Coauthor[];
  /** Institutions printed beside their name on their works, most recent first. */
  institutions: string[];
  /** arXiv categories of their papers seen on arXiv's pages → how often. */
  categories: Record<string, number>;
  /** arXiv archives their works' fields map to (lib/catalog/fields.ts). */
  archives: string[];
  /** When it was last learned from their works (epoch ms); null: not yet. */
  refreshedAt: number | null;
}

/** Researchers whose latest works one list call asks for: fewer share its 200 works between more people. */
export const DIGEST_GROUP = 25;
export const DIGEST_TTL_MS = 30 * 86_400_000;
const MAX_NAMES = 12;
const MAX_COAUTHORS = 80;
const MAX_INSTITUTIONS = 10;
const MAX_CATEGORIES = 12;

export const emptyDigest = (name: string): Digest => ({ names: name ? [name] : [], coauthors: [], institutions: [], categories: {}, archives: [], refreshedAt: null });

function distinctNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const k = nameKey(n);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** `before` updated with what `works` (newest first) say about researcher `id`. */
export function learnFromWorks(id: string, works: readonly DigestWork[], before: Digest, now: number): Digest {
  const printed: string[] = [];
  const institutions: string[] = [];
  const coauthors = new Map<string, Coauthor>();
  const fields = new Map<number, number>();
  for (const w of works) {
    const me = w.authors.find((a) => a.openalexId === id);
    if (!me) continue;
    printed.push(me.name, me.rawName ?? '');
    institutions.push(...me.institutions.map((i) => i.name));
    if (w.fieldId !== null) fields.set(w.fieldId, (fields.get(w.fieldId) ?? 0) + 1);
    for (const a of w.authors) {
      if (a === me || !a.name) continue;
      const key = a.openalexId ?? `name:${nameKey(a.name)}`;
      const c = coauthors.get(key) ?? { name: a.rawName || a.name, id: a.openalexId, works: 0 };
      c.works++;
      coauthors.set(key, c);
    }
  }
  // Fields of at least a fifth of their works: one stray paper in biology adds no archive.
  const total = [...fields.values()].reduce((n, k) => n + k, 0);
  const archives = [...fields].filter(([, n]) => n * 5 >= total).flatMap(([f]) => archivesOfField(f));
  return {
    ...before,
    names: distinctNames([...before.names, ...printed.filter(Boolean)]).slice(0, MAX_NAMES),
    coauthors: [...coauthors.values()].sort((a, b) => b.works - a.works).slice(0, MAX_COAUTHORS),
    institutions: [...new Set(institutions)].slice(0, MAX_INSTITUTIONS),
    archives: [...new Set(archives)],
    refreshedAt: now,
  };
}

/** `before` with `category` seen once more on one of their papers (the most frequent kept). */
export function seenIn(before: Digest, category: string): Digest {
  const categories = { ...before.categories, [category]: (before.categories[category] ?? 0) + 1 };
  const kept = Object.entries(categories).sort((a, b) => b[1] - a[1]).slice(0, MAX_CATEGORIES);
  return { ...before, categories: Object.fromEntries(kept) };
}

/** Whether the digest is due to be learned again from their works. */
export const digestStale = (d: Digest | undefined, now: number) => !d || d.refreshedAt === null || now - d.refreshedAt > DIGEST_TTL_MS;
