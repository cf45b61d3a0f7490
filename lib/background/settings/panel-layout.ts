/**
 * The reader's layout of the paper panels: which ones are collapsed. A user setting kept in
 * extension storage (never in the cache, so clearing the cache keeps it), written only here.
 */
import { browser } from 'wxt/browser';
import { PANEL_IDS, type PanelId } from '../../shared/settings/settings';

export const PANEL_LAYOUT_KEY = 'paperPanels.collapsed';

/** Only ids Weft knows, whatever the stored value looks like. */
const known = (ids: unknown): PanelId[] => (Array.isArray(ids) ? PANEL_IDS.filter((id) => ids.includes(id)) : []);

export async function readCollapsedPanels(): Promise<PanelId[]> {
  return known((await browser.storage.local.get(PANEL_LAYOUT_KEY))[PANEL_LAYOUT_KEY]);
}

export async function saveCollapsedPanels(ids: PanelId[]): Promise<PanelId[]> {
  const kept = known(ids);
  await browser.storage.local.set({ [PANEL_LAYOUT_KEY]: kept });
  return kept;
}
