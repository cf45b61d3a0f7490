import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { HostAccessNotice } from '@/lib/extension-pages/components/HostAccessNotice';
import { ask } from '@/lib/ui/client';
import { createFollowingState } from '@/lib/extension-pages/following-state';
import { unseenTotal } from '@/lib/extension-pages/inbox-view';
import { FollowingTab } from './following/FollowingTab';
import { SearchTab } from './search/SearchTab';
import { TabSwitch } from './TabSwitch';
import type { Typed } from './search/search-shell';
import { tab as current, type Tab } from './tabs';
import { formatInteger } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

/** Followed researchers and their new papers: shown in the Following tab, counted in the tab bar. */
const following = createFollowingState(ask);

const TABS: { id: Tab; label: () => string }[] = [
  { id: 'search', label: () => t('tabSearch') },
  { id: 'following', label: () => t('tabFollowing') },
];

/**
 * The toolbar popup: search (papers, researchers) and the researchers the reader follows.
 * `typed`: what the reader typed before the popup rendered (see search-shell.ts).
 */
export function App({ typed = null }: { typed?: Typed | null }) {
  useEffect(() => following.watch(), []);
  const load = following.load.value;
  const data = load.status === 'ready' ? load.data : null;
  const unseen = data ? unseenTotal(data) : 0;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = TABS.findIndex((x) => x.id === current.value);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    current.value = next.id;
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <main class="popup">
      <nav class="tabs" aria-label="Weft">
        {/* A tablist holds tabs only: the tools beside it stay outside. */}
        <div class="tablist" role="tablist" aria-label={t('views')} onKeyDown={onKey}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              id={`tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={current.value === tab.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={current.value === tab.id ? 0 : -1}
              onClick={() => (current.value = tab.id)}
            >
              {tab.label()}
              {tab.id === 'following' && unseen > 0 && <span class="count" aria-label={t('countNew', formatInteger(unseen))}>{formatInteger(unseen)}</span>}
            </button>
          ))}
        </div>
        {data && data.follows.length > 0 && (
          // Reachable from either tab, so a check never needs a detour through Following.
          <button
            type="button"
            class="check-now"
            data-weft-action="check-now"
            disabled={following.checking.value || data.status.checking}
            aria-label={t('checkNowLabel')}
            title={t('checkNowTitle')}
            onClick={() => void following.checkNow()}
          >
            <span aria-hidden="true">↻</span>
          </button>
        )}
        <button
          type="button"
          class="settings"
          data-weft-action="settings"
          aria-label={t('settingsLabel')}
          title={t('settings')}
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          <span aria-hidden="true">⚙</span>
        </button>
      </nav>
      <div class="popup-notices">
        <HostAccessNotice />
      </div>
      <section id="panel-search" role="tabpanel" aria-labelledby="tab-search" hidden={current.value !== 'search'}>
        <SearchTab typed={typed} />
      </section>
      <section id="panel-following" role="tabpanel" aria-labelledby="tab-following" hidden={current.value !== 'following'}>
        <FollowingTab state={following} />
      </section>
      <TabSwitch />
    </main>
  );
}
