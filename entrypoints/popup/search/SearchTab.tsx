import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/ui/client';
import { createRecentSearches } from '../../../lib/extension-pages/recent-searches';
import { createResearcherViews } from '../../../lib/extension-pages/researcher-state';
import { ResearcherStack } from '../../../lib/extension-pages/components/ResearcherView';
import { LISTBOX_ID, optionId, SearchResults } from '../../../lib/extension-pages/components/SearchResults';
import { createSearchState, type SearchState } from '../../../lib/extension-pages/search-state';
import { resumeTyping, type Typed } from './search-shell';
import './search.css';
import { t } from '@/lib/shared/i18n';

function createPopupSearch(typed: Typed | null) {
  const views = createResearcherViews(ask);
  const search = createSearchState({
    ask,
    recent: createRecentSearches(ask),
    openTab: (url) => void browser.tabs.create({ url }),
    openResearcher: views.open,
  });
  if (typed?.value) search.input(typed.value);
  return { search, views };
}

function SearchBox({ search, inputRef }: { search: SearchState; inputRef: RefObject<HTMLInputElement> }) {
  const active = search.activeIndex.value;
  const expanded = search.entries.value.length > 0;
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <div class="search-box">
      <label for="weft-search" class="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id="weft-search"
        ref={inputRef}
        data-weft="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('searchPlaceholder')}
        autocomplete="off"
        spellcheck={false}
        autoFocus
        maxLength={1000}
        value={search.query.value}
        onInput={(e) =>
          search.input(e.currentTarget.value, { pasted: (e as InputEvent).inputType === 'insertFromPaste' })
        }
        onKeyDown={(e) => {
          if (!e.isComposing && search.key(e.key)) e.preventDefault();
        }}
      />
      <p id="weft-search-status" role="status" class="sr-only">
        {search.announcement.value}
      </p>
    </div>
  );
}

/**
 * The Search tab: the search box and its results, or the researcher opened from them. `typed` is
 * what the reader typed into popup.html's shell box before the popup rendered.
 */
export function SearchTab({ typed = null }: { typed?: Typed | null }) {
  const [{ search, views }] = useState(() => createPopupSearch(typed));
  const inputRef = useRef<HTMLInputElement>(null);
  const opened = views.current.value;

  useEffect(() => search.dispose, [search]);
  // In the same task as the first render, so no keystroke falls between the shell and this box.
  useLayoutEffect(() => {
    if (typed && inputRef.current) resumeTyping(inputRef.current, typed);
  }, []);
  // Back from the last researcher: the search box again, with the query as it was (at once, as
  // in ResearcherStack).
  useLayoutEffect(() => {
    if (!opened) inputRef.current?.focus();
  }, [opened?.id]);

  return (
    <div class="search-tab">
      <div hidden={!!opened}>
        <SearchBox search={search} inputRef={inputRef} />
        <SearchResults search={search} />
      </div>
      <ResearcherStack views={views} home={t('searchResultsHome')} />
    </div>
  );
}
