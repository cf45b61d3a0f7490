/**
 * The researcher service: what researcher.html shows (the OpenAlex profile, the works a page of
 * 200 at a time, Semantic Scholar's figures for the person), the popup's researcher view (a
 * summary of the same answers), and the opening of that page from an author card, the popup or
 * the Following list. Both views read one pipeline, ../researcher/researchers.ts.
 */
import * as v from 'valibot';
import { browser } from 'wxt/browser';
import { researcherPageUrl } from '../../shared/researcher-link';
import { WORKS_PAGE_SIZE, type WorkOrder } from '../catalog/openalex';
import { createResearchers } from '../researcher/researchers';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { toWireError } from '../errors';
import { CatalogError } from '../../catalog/types';
import { OpenAlexAuthorId, Revalidate, S2AuthorId } from './fields';

const Order = v.picklist(['recent', 'cited'] as const satisfies readonly WorkOrder[]);
/** OpenAlex pages through the first 10,000 results: 50 pages of 200. */
const Page = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50));

export const researcherRequests = defineRequests({
  /** The popup's researcher view. */
  researcher: { from: 'extension', fields: { id: OpenAlexAuthorId } },
  'researcher-profile': { from: 'extension', fields: { id: OpenAlexAuthorId, revalidate: Revalidate } },
  'researcher-works': { from: 'extension', fields: { id: OpenAlexAuthorId, order: Order, page: Page, revalidate: Revalidate } },
  'researcher-s2': { from: 'extension', fields: { id: OpenAlexAuthorId, s2Id: v.optional(S2AuthorId), revalidate: Revalidate } },
  // From an author card on arXiv too: a web page may not open an extension page itself (it is not web-accessible).
  'open-researcher-page': { from: 'pages', fields: { id: OpenAlexAuthorId, s2Id: v.optional(S2AuthorId), background: v.optional(v.boolean()) } },
});

/**
 * One researcher tab a second from any one tab at most: a page that got past the card's own
 * check (lib/ui/trusted.ts) still cannot open tabs in a burst (docs/reliability.md, Messages).
 */
const OPEN_INTERVAL_MS = 1_000;

export function researcherService({ openalex, s2, cache }: Pick<BackgroundDeps, 'openalex' | 's2' | 'cache'>, now = Date.now) {
  const researchers = createResearchers({ openalex, s2, cache });
  /** When each tab (or, without one, Weft's own page) last opened a researcher page. */
  const openedAt = new Map<number | undefined, number>();
  return researcherRequests.answer({
    /**
     * The profile and the newest works (or why they are unavailable, e.g. a spent budget); fails
     * as a whole when the profile cannot be read, `not-found` for an id OpenAlex does not know.
     */
    researcher: async ({ id }) => {
      const { profile, recent } = await researchers.summary(id);
      if (!profile.value.found) throw new CatalogError('not-found', `OpenAlex has no author ${id}`);
      return {
        profile: profile.value.value,
        fetchedAt: profile.fetchedAt,
        stale: profile.stale,
        recent: recent.ok
          ? { status: 'ready' as const, works: recent.works.value, fetchedAt: recent.works.fetchedAt, stale: recent.works.stale }
          : { status: 'unavailable' as const, error: toWireError(recent.error) },
      };
    },
    /** The profile, or `unmatched`: OpenAlex has no author of that id (a 404, cached as an answer). */
    'researcher-profile': async ({ id, revalidate }) => {
      const r = await researchers.profile(id, revalidate);
      const fresh = { fetchedAt: r.fetchedAt, stale: r.stale };
      return r.value.found ? { status: 'ready' as const, profile: r.value.value, ...fresh } : { status: 'unmatched' as const, ...fresh };
    },
    /** One page of works; a page with fewer than `pageSize` is the last. */
    'researcher-works': async ({ id, order, page, revalidate }) => {
      const r = await researchers.works(id, order, page, revalidate);
      return { ...r.value, page, pageSize: WORKS_PAGE_SIZE, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    /** Semantic Scholar's figures for the person: `none` when no S2 author id is known for them. */
    'researcher-s2': async ({ id, s2Id, revalidate }) => {
      const known = await researchers.s2IdOf(id, s2Id);
      if (!known) return { status: 'none' as const };
      try {
        const r = await researchers.s2Figures(known, revalidate);
        return r.value.found
          ? { status: 'ready' as const, figures: r.value.value, fetchedAt: r.fetchedAt, stale: r.stale }
          : { status: 'unmatched' as const, s2Id: known };
      } catch (e) {
        return { status: 'unavailable' as const, s2Id: known, error: toWireError(e) };
      }
    },
    'open-researcher-page': async ({ id, s2Id, background }, sender) => {
      const tab = sender.tab;
      const t = now();
      const last = openedAt.get(tab?.id);
      // `last > t`: the clock went back since; that is no reason to refuse.
      if (last !== undefined && t - last < OPEN_INTERVAL_MS && last <= t) {
        throw new CatalogError('rate-limited', 'Researcher pages open at most one a second from a page', last + OPEN_INTERVAL_MS);
      }
      openedAt.set(tab?.id, t);
      if (openedAt.size > 500) openedAt.delete(openedAt.keys().next().value);
      await browser.tabs.create({
        url: researcherPageUrl(id, s2Id),
        active: !background,
        ...(tab?.id !== undefined ? { openerTabId: tab.id, index: tab.index + 1 } : {}),
      });
      return { opened: true as const };
    },
  });
}
