/**
 * The reader's layout of the paper panels: which ones are collapsed. A user setting kept in
 * extension storage (storage.local, never in the cache, so clearing the cache keeps it).
 *
 * Plain `browser.storage.local` rather than WXT's storage wrapper: the wrapper would add about
 * 3 kB (gzipped) to the content script for one small list.
 */
import { browser } from 'wxt/browser';
import { PANEL_IDS, type PanelId } from './paper-panel-state';

const KEY = 'paperPanels.collapsed';

/** Only ids Weft knows, whatever the stored value looks like. */
const known = (ids: unknown): PanelId[] => (Array.isArray(ids) ? PANEL_IDS.filter((id) => ids.includes(id)) : []);

export const collapsedPanels = {
  async getValue(): Promise<PanelId[]> {
    return known((await browser.storage.local.get(KEY))[KEY]);
  },
  setValue(ids: PanelId[]): Promise<void> {
    return browser.storage.local.set({ [KEY]: known(ids) });
  },
};
