import type { ComponentChildren } from 'preact';
import { FailureNotice } from '@/lib/extension-pages/components/FailureNotice';
import type { AuthorSuggestion } from '@/lib/background/catalog/openalex';
import type { PaperSummary } from '@/lib/catalog/types';
import { formatAge, formatCount } from '@/lib/ui/format';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { displayText } from '@/lib/ui/plain-text';
import type { Entry, Hits, SearchState } from '../search-state';
import { t } from '@/lib/shared/i18n';

export const LISTBOX_ID = 'weft-search-options';
export const optionId = (i: number) => `weft-search-option-${i}`;

const AUTHORS_SHOWN = 3;

/** The contract hook of a result: `paper:<arXiv id or W id>` / `researcher:<A id>`. */
function resultHook(entry: Entry): string | undefined {
  if (entry.kind === 'researcher') return `researcher:${entry.hit.id}`;
  if (entry.kind === 'paper') return `paper:${entry.hit.arxivId ?? entry.hit.id}`;
  if (entry.kind === 'arxiv') return `paper:${entry.id}`;
  return undefined;
}

const joinParts = (parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' · ');

function ResearcherLine({ hit }: { hit: AuthorSuggestion }) {
  const meta = joinParts([
    hit.works !== null && formatCount(hit.works, 'workCount', 'worksCount'),
    hit.citedBy !== null && formatCount(hit.citedBy, 'citationCount', 'citationsCount'),
  ]);
  return (
    <>
      <span class="opt-title">{displayText(hit.name) || t('unnamedResearcher')}</span>
      {hit.hint && <span class="opt-hint">{displayText(hit.hint)}</span>}
      {meta && <span class="opt-meta">{meta}</span>}
    </>
  );
}

function PaperLine({ hit }: { hit: PaperSummary }) {
  const names = hit.authorNames.map(displayText).filter(Boolean);
  const first = names.slice(0, AUTHORS_SHOWN).join(', ');
  const authors = names.length > AUTHORS_SHOWN ? t('etAl', first) : first;
  const meta = joinParts([
    hit.year !== null && String(hit.year),
    hit.citedBy !== null && formatCount(hit.citedBy, 'citationCount', 'citationsCount'),
    hit.arxivId ? `arXiv ${hit.arxivId}` : t('openAlexPage'),
  ]);
  return (
    <>
      <span class="opt-title">{displayText(hit.title) || t('untitledWork')}</span>
      {authors && <span class="opt-hint">{authors}</span>}
      <span class="opt-meta">{meta}</span>
    </>
  );
}

function EntryLine({ entry }: { entry: Entry }) {
  switch (entry.kind) {
    case 'researcher':
      return <ResearcherLine hit={entry.hit} />;
    case 'paper':
      return <PaperLine hit={entry.hit} />;
    case 'recent':
      return <span class="opt-title">{entry.query}</span>;
    case 'arxiv':
      return (
        <>
          <span class="opt-title">{t('openArxivId', entry.label)}</span>
          <span class="opt-meta">{t('inNewTab')}</span>
        </>
      );
  }
}

interface OptionProps {
  entry: Entry;
  index: number;
  search: SearchState;
}

function Option({ entry, index, search }: OptionProps) {
  const active = search.activeIndex.value === index;
  return (
    <div
      role="option"
      id={optionId(index)}
      aria-selected={active}
      class={active ? 'option active' : 'option'}
      data-weft-result={resultHook(entry)}
      // Keep the focus (and the caret) in the search box while the pointer picks an option.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => search.choose(entry)}
      onPointerMove={() => search.highlight(index)}
    >
      <EntryLine entry={entry} />
    </div>
  );
}

function Group({ label, id, children }: { label: string; id: string; children: ComponentChildren }) {
  return (
    <div role="group" aria-labelledby={id} class="group">
      <div role="presentation" id={id} class="group-label">
        {label}
      </div>
      {children}
    </div>
  );
}

/** Researchers then papers, as options of one listbox (indices follow `search.entries`). */
function HitList({ hits, search }: { hits: Hits; search: SearchState }) {
  const { researchers, papers, partial } = hits;
  const entries = search.entries.value;
  const failed = (group: 'researchers' | 'papers', what: string) =>
    partial?.group === group && <FailureNotice failure={partial.failure} what={what} onRetry={search.retry} />;
  return (
    <>
      <div id={LISTBOX_ID} role="listbox" aria-label={t('searchResults')} class="listbox">
        {researchers.length > 0 && (
          <Group label={t('researchers')} id="weft-group-researchers">
            {entries.slice(0, researchers.length).map((e, i) => (
              <Option key={`r${i}`} entry={e} index={i} search={search} />
            ))}
          </Group>
        )}
        {papers.length > 0 && (
          <Group label={t('papers')} id="weft-group-papers">
            {entries.slice(researchers.length).map((e, i) => (
              <Option key={`p${i}`} entry={e} index={researchers.length + i} search={search} />
            ))}
          </Group>
        )}
      </div>
      {failed('researchers', t('researchers'))}
      {failed('papers', t('papers'))}
      <p class="source">{t('sourceUpdated', SOURCE_NAMES.openalex, formatAge(hits.fetchedAt))}</p>
    </>
  );
}

/** The previous answer while the next one loads: visible, so the list does not jump, but inert. */
function PreviousHits({ hits }: { hits: Hits }) {
  return (
    <div class="busy" inert aria-hidden="true">
      {hits.researchers.map((hit) => (
        <div key={hit.id} class="option">
          <ResearcherLine hit={hit} />
        </div>
      ))}
      {hits.papers.map((hit) => (
        <div key={hit.id} class="option">
          <PaperLine hit={hit} />
        </div>
      ))}
    </div>
  );
}

function Recent({ search }: { search: SearchState }) {
  const entries = search.entries.value;
  if (!entries.length) return null;
  return (
    <div class="recent">
      <div class="recent-head">
        <span id="weft-recent-label" class="group-label">
          {t('recentSearches')}
        </span>
        <button type="button" class="link" onClick={() => void search.clearRecent()}>
          {t('clear')}
        </button>
      </div>
      <div id={LISTBOX_ID} role="listbox" aria-labelledby="weft-recent-label" class="listbox">
        {entries.map((e, i) => (
          <Option key={`q${i}`} entry={e} index={i} search={search} />
        ))}
      </div>
    </div>
  );
}

/** Everything under the search box, for the current state of the search. */
export function SearchResults({ search }: { search: SearchState }) {
  const target = search.arxivTarget.value;
  const r = search.results.value;
  if (target) {
    return (
      <div id={LISTBOX_ID} role="listbox" aria-label={t('arxivPaper')} class="listbox">
        <Option entry={target} index={0} search={search} />
      </div>
    );
  }
  switch (r.status) {
    case 'idle':
      return (
        <>
          <p class="muted hint">{t('searchHint')}</p>
          <Recent search={search} />
        </>
      );
    case 'loading':
      return (
        <div aria-busy="true">
          <p class="muted searching">{t('searching')}</p>
          {r.previous && <PreviousHits hits={r.previous} />}
        </div>
      );
    case 'error':
      return <FailureNotice failure={r.failure} onRetry={search.retry} />;
    case 'ready': {
      const { researchers, papers, partial } = r.hits;
      if (!researchers.length && !papers.length && !partial) {
        return (
          <p class="empty">
            {t('noMatch', r.query)}
          </p>
        );
      }
      return <HitList hits={r.hits} search={search} />;
    }
  }
}
