/**
 * The first-run page opens once, when Weft is installed: not after an update of Weft or of the
 * browser (`runtime.onInstalled` says why it fired). Chromium also reports "install" at every
 * start of an extension loaded from the command line (development builds, the end-to-end
 * tests), so a stored mark keeps it to once per profile; uninstalling clears the mark with the
 * rest of Weft's storage. Registered synchronously with the other listeners: the install event
 * goes to the worker's first start.
 */
import { browser } from 'wxt/browser';
import { welcomePageUrl } from '../shared/welcome-link';

/** When the first-run page was opened (ms), in `storage.local`. */
const FIRST_RUN_KEY = 'firstRunShownAt';

async function openOnce(): Promise<void> {
  if ((await browser.storage.local.get(FIRST_RUN_KEY))[FIRST_RUN_KEY]) return;
  await browser.storage.local.set({ [FIRST_RUN_KEY]: Date.now() });
  await browser.tabs.create({ url: welcomePageUrl() });
}

export function registerFirstRun(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    openOnce().catch((e: unknown) => console.warn('Weft: could not open the first-run page', e));
  });
}
