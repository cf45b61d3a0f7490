import { signal } from '@preact/signals';
import { FollowingTab } from './following/FollowingTab';
import { SearchTab } from './search/SearchTab';

type Tab = 'search' | 'following';
const tab = signal<Tab>('search');

const TABS: { id: Tab; label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'following', label: 'Following' },
];

/** The toolbar popup: search (papers, researchers) and the researchers the reader follows. */
export function App() {
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = TABS.findIndex((t) => t.id === tab.value);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    tab.value = next.id;
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <main class="popup">
      <nav class="tabs" role="tablist" aria-label="Weft" onKeyDown={onKey}>
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
          </button>
        ))}
      </nav>
      <section id="panel-search" role="tabpanel" aria-labelledby="tab-search" hidden={tab.value !== 'search'}>
        <SearchTab />
      </section>
      <section id="panel-following" role="tabpanel" aria-labelledby="tab-following" hidden={tab.value !== 'following'}>
        <FollowingTab />
      </section>
    </main>
  );
}

/** Lets other tabs switch the popup to a tab (e.g. a notification opening the inbox). */
export function showTab(next: Tab): void {
  tab.value = next;
}
