/**
 * What the reader chose to show on abstract pages (options page → "On arXiv pages"), read from
 * the settings object in extension storage and kept current while the page is open, so a
 * change applies to open tabs without a reload.
 *
 * Plain `browser.storage` (no WXT storage wrapper, no valibot): the content script stays small.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { DEFAULT_SETTINGS, SETTINGS_KEY, settingsFromStorage, type Visibility } from '../../shared/settings/settings';
import { watchSettings } from '../../background/settings/store';

/** The stored choice; everything shown when storage cannot be read (Weft's default). */
export async function readVisibility(): Promise<Visibility> {
  try {
    return settingsFromStorage(await browser.storage.local.get(SETTINGS_KEY)).show;
  } catch {
    return DEFAULT_SETTINGS.show;
  }
}

/** A signal of the choice, starting at `initial`, following storage until `abort`. */
export function watchVisibility(initial: Visibility, abort: AbortSignal): ReadonlySignal<Visibility> {
  const show = signal(initial);
  abort.addEventListener('abort', watchSettings((s) => (show.value = s.show)));
  return show;
}
