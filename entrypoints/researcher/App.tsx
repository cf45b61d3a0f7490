import type { ComponentChildren } from 'preact';
import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { AuthorPositions } from '@/lib/extension-pages/components/AuthorPositions';
import { CoauthorGraph } from '@/lib/extension-pages/components/CoauthorGraph';
import { FailureNotice } from '@/lib/extension-pages/components/FailureNotice';
import { ResearcherFigures } from '@/lib/extension-pages/components/ResearcherFigures';
import { ResearcherHeader } from '@/lib/extension-pages/components/ResearcherHeader';
import { ResearcherWorks } from '@/lib/extension-pages/components/ResearcherWorks';
import { TopicBars } from '@/lib/extension-pages/components/TopicBars';
import { YearChart } from '@/lib/extension-pages/components/YearChart';
import { createResearcherPage, type ResearcherPage } from '@/lib/extension-pages/researcher-page-state';
import { SINCE_YEARS, topicsByField, yearSeries } from '@/lib/extension-pages/researcher-summary';
import { ask } from '@/lib/ui/client';
import { researcherOfLocation } from '@/lib/shared/researcher-link';
import { formatAge, formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { t } from '@/lib/shared/i18n';
import { SOURCE_NAMES } from '@/lib/catalog/types';

const page = createResearcherPage(ask, {
  // The surviving id of a merged profile becomes the page's address (no new history entry).
  onMoved: (id) => history.replaceState(history.state, '', `${location.pathname}${location.search}#${id}`),
});
const online = signal(navigator.onLine);

function openFromLocation() {
  const { id, s2Id } = researcherOfLocation(location);
  page.open(id, s2Id);
}
// Before the first render, so a page opened with an id never shows "no researcher" for a frame.
openFromLocation();

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="block" aria-labelledby={`${id}-title`} data-weft-section={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The shapes of the page while the profile loads: the layout does not jump when it arrives. */
function Skeleton() {
  return (
    <div class="skeleton-page" aria-hidden="true">
      <span class="skeleton title" />
      <span class="skeleton line" />
      <span class="skeleton line short" />
      <div class="columns">
        {[0, 1].map((i) => (
          <div key={i} class="column">
            <div class="block">
              <span class="skeleton line short" />
              <span class="skeleton box" />
            </div>
            <div class="block">
              <span class="skeleton line short" />
              <span class="skeleton box" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function OfflineNote({ fetchedAt, stale, p }: { fetchedAt: number; stale: boolean; p: ResearcherPage }) {
  if (online.value && !stale) return null;
  return (
    <div class="notice offline" role="status" data-weft-notice={online.value ? 'stale' : 'offline'}>
      <p>
        {t(online.value ? 'staleSaved' : 'offlineSaved', formatAge(fetchedAt))}
      </p>
      {online.value && (
        <button type="button" class="action" data-weft-action="refresh" onClick={p.refresh}>
          {t('loadAgain')}
        </button>
      )}
    </div>
  );
}

function Ready({ p }: { p: ResearcherPage }) {
  const state = p.profile.value;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = state.status === 'ready' ? state.id : null;
  useEffect(() => {
    // A co-author opened in this tab: the reader lands on the new name.
    if (id && document.activeElement !== document.body) headingRef.current?.focus();
  }, [id]);
  if (state.status !== 'ready') return null;
  const { profile, fetchedAt } = state;
  const thisYear = new Date().getFullYear();
  const since = thisYear - SINCE_YEARS;
  const age = t('sourceUpdated', SOURCE_NAMES.openalex, formatAge(fetchedAt));
  const groups = topicsByField(profile.topics, profile.works);
  const topicName = p.topic.value ? displayText(profile.topics.find((topic) => topic.id === p.topic.value)?.name) : null;
  const network = p.network.value;
  const loaded = p.loaded.value.length;
  const worksReady = p.lists.value.recent.status === 'ready' || p.complete.value;
  return (
    <>
      <ResearcherHeader profile={profile} s2={p.s2.value} headingRef={headingRef} />
      <OfflineNote fetchedAt={fetchedAt} stale={state.stale} p={p} />
      <div class="columns">
        <div class="column">
          <Section id="figures" title={t('figures')}>
            <ResearcherFigures profile={profile} fetchedAt={fetchedAt} since={since} s2={p.s2.value} />
          </Section>
          <Section id="positions" title={t('authorPosition')}>
            {worksReady ? <AuthorPositions p={p.positions.value} loaded={loaded} /> : <span class="skeleton box" aria-hidden="true" />}
          </Section>
          <Section id="fields" title={t('fields')}>
            <TopicBars
              groups={groups}
              selected={p.topic.value}
              onSelect={(topic) => p.setTopic(topic)}
              source={t('fieldsSource', age, formatInteger(profile.works ?? 0))}
            />
          </Section>
        </div>
        <div class="column">
          <Section id="citations" title={t('citationsPerYear')}>
            <YearChart hook="citations-per-year" title={t('citationsPerYear')} unit={['citationCount', 'citationsCount']} unitName={t('citationsTitle')} series={yearSeries(profile.countsByYear, 'citedBy', thisYear)} source={t('citationsSource', age)} />
          </Section>
          <Section id="output" title={t('worksPerYear')}>
            <YearChart hook="works-per-year" title={t('worksPerYear')} unit={['workCount', 'worksCount']} unitName={t('works')} series={yearSeries(profile.countsByYear, 'works', thisYear)} source={t('worksSource', age)} />
          </Section>
        </div>
      </div>
      <Section id="coauthors" title={t('coauthors')}>
        {!worksReady ? (
          <span class="skeleton box" aria-hidden="true" />
        ) : network && network.nodes.length ? (
          <CoauthorGraph name={displayText(profile.displayName)} network={network} works={loaded} />
        ) : (
          <p class="muted">{t('noCoauthors')}</p>
        )}
      </Section>
      <Section id="works" title={t('works')}>
        <ResearcherWorks page={p} topicName={topicName} />
      </Section>
    </>
  );
}

/** The researcher page: one researcher's profile, figures, charts, co-authors and works. */
export function App() {
  useEffect(() => {
    const onOnline = () => (online.value = navigator.onLine);
    addEventListener('hashchange', openFromLocation);
    addEventListener('online', onOnline);
    addEventListener('offline', onOnline);
    return () => {
      removeEventListener('hashchange', openFromLocation);
      removeEventListener('online', onOnline);
      removeEventListener('offline', onOnline);
    };
  }, []);
  const state = page.profile.value;
  useEffect(() => {
    document.title = state.status === 'ready' ? t('pageTitle', displayText(state.profile.displayName)) : t('researcherPageTitle');
  }, [state]);

  const ready = state.status === 'ready' ? state.profile : null;
  const rootState = state.status === 'invalid' ? 'unmatched' : state.status;
  return (
    <main
      class="researcher-page"
      data-weft-researcher={state.status === 'invalid' ? '' : state.id}
      data-state={rootState}
      data-h-index={ready?.hIndex ?? undefined}
      data-i10-index={ready?.i10Index ?? undefined}
      data-cited-by={ready?.citedBy ?? undefined}
      data-works={ready?.works ?? undefined}
      aria-busy={state.status === 'loading'}
    >
      {state.status === 'loading' && (
        <>
          <p class="sr-only" role="status">{t('loadingResearcher')}</p>
          <Skeleton />
        </>
      )}
      {state.status === 'invalid' && (
        <div class="empty-state">
          <h1>{t('noResearcher')}</h1>
          <p>{t('researcherAddress')} <code>#A5023888391</code>.</p>
        </div>
      )}
      {state.status === 'unmatched' && (
        <div class="empty-state">
          <h1>{t('noSuchResearcher', state.id)}</h1>
          <p>{t('idMistyped')}</p>
          <p class="source">{t('openAlexAnswered', formatAge(state.fetchedAt))}</p>
        </div>
      )}
      {state.status === 'error' && (
        <div class="empty-state">
          <h1>{t('researcherId', state.id)}</h1>
          {!online.value && <p>{t('offlineNotSaved')}</p>}
          <FailureNotice failure={state.failure} what={t('theProfile')} onRetry={page.retry} />
        </div>
      )}
      {state.status === 'ready' && <Ready p={page} />}
    </main>
  );
}
