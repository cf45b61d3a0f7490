import { createPaperPanels } from '../catalog/paper-panels';
import type { Fresh } from '../catalog/catalog';
import type { Freshness } from '../requests/common';
import type { PanelResponses } from '../requests/panels';
import type { AreaHandlers } from '../server';
import type { BackgroundDeps } from '../deps';

const flat = <T extends object>({ value, fetchedAt, stale }: Fresh<T>): T & Freshness => ({ ...value, fetchedAt, stale });

export function panelHandlers(deps: BackgroundDeps): AreaHandlers<keyof PanelResponses> {
  const panels = createPaperPanels(deps);
  return {
    'paper-citations': async ({ arxivId, revalidate }) => flat(await panels.citations(arxivId, revalidate)),
    'paper-institutions': async ({ arxivId, revalidate }) => flat(await panels.institutions(arxivId, revalidate)),
    'related-papers': async ({ arxivId, title, revalidate }) => flat(await panels.related(arxivId, title ?? null, revalidate)),
  };
}
