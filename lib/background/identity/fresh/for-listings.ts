/**
 * The fresh-paper engine behind the listing flow's seam (catalog/fresh-papers.ts): papers'
 * authors identified as the reader approaches them (pipeline.ts), spending credits as a listing
 * does (LISTING_CREDITS), and the named profiles' figures stored under the author keys the
 * listing then reads, so showing them costs no further request.
 */
import type { Cache } from '../../cache/cache';
import { TTL } from '../../catalog/catalog';
import { CACHE_KEYS } from '../../cache/keys';
import type { IdentifyFresh, ListedPaper } from '../../catalog/fresh-papers';
import { NO_PROFILE } from '../../../catalog/identity';
import { freshAuthors, LISTING_CREDITS, type FreshIdentifier, type FreshPaper } from './identifier';
import { createFreshPipeline } from './pipeline';
import { PRIORITY } from '../../catalog/pacer';

const asFresh = (p: ListedPaper): FreshPaper => ({
  arxivId: p.arxivId,
  primaryCategory: p.category,
  authors: freshAuthors(p.names),
});

export function freshForListings(fresh: FreshIdentifier, cache: Cache): IdentifyFresh {
  const pipeline = createFreshPipeline(fresh, { credits: LISTING_CREDITS });
  const identify: IdentifyFresh = (papers, { priority = PRIORITY.view } = {}) =>
    pipeline.identify(papers.map(asFresh), priority).map(async (decided, k) => {
      const paper = papers[k]!;
      const found = await decided;
      const identities = found.papers.get(paper.arxivId) ?? [];
      const ids = [...new Set(identities.flatMap((i) => (i.openalexId && found.profiles.has(i.openalexId) ? [i.openalexId] : [])))];
      if (ids.length) {
        await cache.readMany(ids.map(CACHE_KEYS.openAlexAuthor), TTL.author, async () =>
          new Map(ids.map((id) => [CACHE_KEYS.openAlexAuthor(id), found.profiles.get(id)!])),
        );
      }
      return paper.names.map((_, i) => identities[i] ?? NO_PROFILE);
    });
  identify.prepare = (papers, priority) => pipeline.prepare(papers.map(asFresh), priority);
  identify.lower = pipeline.lower;
  return identify;
}
