import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ResponseMap } from '@/lib/background/protocol';
import { ask } from '@/lib/ui/client';
import { TOGGLE_PAGE_COMMAND } from '@/lib/shared/commands';
import { readShortcuts } from '@/lib/extension-pages/shortcuts';
import { t } from '@/lib/shared/i18n';

type Visibility = ResponseMap['tab-visibility'];

/**
 * Show or hide Weft on the arXiv page of the tab the popup was opened over, as the
 * `toggle-page` shortcut does (its key is named here, so the reader learns it). Only over a tab
 * where Weft runs; nothing at all elsewhere, and nothing when the popup is open in a tab of its own.
 */
export function TabSwitch() {
  const tabId = useSignal<number | null>(null);
  const state = useSignal<Visibility | null>(null);
  const key = useSignal<string | null>(null);
  useEffect(() => {
    void (async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      // The popup opened as a page of its own (to import a file) is the active tab: no Weft there.
      if (tab?.id === undefined) return;
      tabId.value = tab.id;
      state.value = await ask({ type: 'tab-visibility', tabId: tab.id });
      key.value = (await readShortcuts())[TOGGLE_PAGE_COMMAND];
    })().catch(() => undefined);
  }, []);
  const now = state.value;
  if (!now?.weft || tabId.value === null) return null;
  const set = async (shown: boolean) => {
    state.value = await ask({ type: 'tab-visibility-set', tabId: tabId.value!, hidden: !shown }).catch(() => now);
  };
  return (
    <footer class="tab-switch" data-weft-field="tab-visibility" data-hidden={String(now.hidden)}>
      <label>
        <input type="checkbox" data-weft-action="toggle-tab" checked={!now.hidden} onChange={(e) => void set(e.currentTarget.checked)} />
        <span>{t('showOnTab')}</span>
      </label>
      {key.value && (
        <span class="muted">
          {' '}
          · <kbd>{key.value}</kbd>
        </span>
      )}
    </footer>
  );
}
