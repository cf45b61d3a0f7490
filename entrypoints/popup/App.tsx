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
import { tab, type Tab } from './tabs';

/** Followed researchers and their new papers: shown in the Following tab, counted in the tab bar. */
const following = createFollowingState(ask);

const TABS: { id: Tab; label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'following', label: 'Following' },
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
    const i = TABS.findIndex((t) => t.id === tab.value);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    tab.value = next.id;
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <main class="popup">
      <nav class="tabs" aria-label="Weft">
        {/* A tablist holds tabs only: the tools beside it stay outside. */}
        <div class="tablist" role="tablist" aria-label="Views" onKeyDown={onKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              id={`tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={tab.value === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab.value === t.id ? 0 : -1}
              onClick={() => (tab.value = t.id)}
            >
              {t.label}
              {t.id === 'following' && unseen > 0 && <span class="count" aria-label={`, ${unseen} new`}>{unseen}</span>}
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
            aria-label="Check followed researchers for new papers now"
            title="Check for new papers now"
            onClick={() => void following.checkNow()}
          >
            <span aria-hidden="true">↻</span>
          </button>
        )}
        <button
          type="button"
          class="settings"
          data-weft-action="settings"
          aria-label="Settings: API keys, what pages show, alerts and cached data"
          title="Settings"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          <span aria-hidden="true">⚙</span>
        </button>
      </nav>
      <div class="popup-notices">
        <HostAccessNotice />
      </div>
      <section id="panel-search" role="tabpanel" aria-labelledby="tab-search" hidden={tab.value !== 'search'}>
        <SearchTab typed={typed} />
      </section>
      <section id="panel-following" role="tabpanel" aria-labelledby="tab-following" hidden={tab.value !== 'following'}>
        <FollowingTab state={following} />
      </section>
      <TabSwitch />
    </main>
  );
}
