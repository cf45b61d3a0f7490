import { browser } from 'wxt/browser';
import { researcherPageUrl } from '../../shared/researcher-link';
import { createResearcherPages } from '../catalog/researcher-page';
import { WORKS_PAGE_SIZE } from '../catalog/openalex';
import type { ResearcherPageResponses } from '../requests/researcher-page';
import { toWireError, type AreaHandlers } from '../server';
import type { BackgroundDeps } from '../deps';

export function researcherPageHandlers({ openalex, s2, cache }: Pick<BackgroundDeps, 'openalex' | 's2' | 'cache'>): AreaHandlers<keyof ResearcherPageResponses> {
  const pages = createResearcherPages({ openalex, s2, cache });
  return {
    'researcher-profile': async ({ id, revalidate }) => {
      const r = await pages.profile(id, revalidate);
      const fresh = { fetchedAt: r.fetchedAt, stale: r.stale };
      return r.value.found ? { status: 'ready', profile: r.value.value, ...fresh } : { status: 'unmatched', ...fresh };
    },
    'researcher-works': async ({ id, order, page, revalidate }) => {
      const r = await pages.works(id, order, page, revalidate);
      return { ...r.value, page, pageSize: WORKS_PAGE_SIZE, fetchedAt: r.fetchedAt, stale: r.stale };
    },
    'researcher-s2': async ({ id, s2Id, revalidate }) => {
      const known = await pages.s2IdOf(id, s2Id);
      if (!known) return { status: 'none' };
      try {
        const r = await pages.s2Figures(known, revalidate);
        return r.value.found ? { status: 'ready', figures: r.value.value, fetchedAt: r.fetchedAt, stale: r.stale } : { status: 'unmatched', s2Id: known };
      } catch (e) {
        return { status: 'unavailable', s2Id: known, error: toWireError(e) };
      }
    },
    // A web page may not open an extension page itself (it is not web-accessible): the worker does.
    'open-researcher-page': async ({ id, s2Id, background }, sender) => {
      const tab = sender.tab;
      await browser.tabs.create({
        url: researcherPageUrl(id, s2Id),
        active: !background,
        ...(tab?.id !== undefined ? { openerTabId: tab.id, index: tab.index + 1 } : {}),
      });
      return { opened: true };
    },
  };
}
