/**
 * What the reader chose for arXiv pages (options page → "On arXiv pages": abstract pages and
 * listings) and how they left the paper panels (collapsed or not): asked from the background, and
 * asked again when it announces a change of settings, so a change applies to open tabs without
 * a reload.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { PageSettings } from '../background/protocol';
import { DEFAULT_SETTINGS } from '../shared/settings/settings';
import { onChange } from '../ui/changes';
import type { ask as askBackground } from '../ui/client';

type Ask = typeof askBackground;

/** Everything shown, nothing collapsed, when the background cannot answer (Weft's default). */
const FALLBACK: PageSettings = { show: DEFAULT_SETTINGS.show, listings: DEFAULT_SETTINGS.listings, collapsed: [] };

export async function readPageSettings(ask: Ask): Promise<PageSettings> {
  try {
    return await ask({ type: 'page-settings' });
  } catch {
    return FALLBACK;
  }
}

/** A signal of the settings, starting at `initial`, following the background's notices until `abort`. */
export function watchPageSettings(initial: PageSettings, ask: Ask, abort: AbortSignal): ReadonlySignal<PageSettings> {
  const current = signal(initial);
  const stop = onChange('settings', () => {
    void readPageSettings(ask).then((next) => {
      if (!abort.aborted) current.value = next;
    });
  });
  abort.addEventListener('abort', stop);
  return current;
}
