import type { ComponentChildren, Ref } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import { SOURCE_NAMES, type Institution } from '@/lib/catalog/types';
import type { ResearcherResult, ResearcherWork } from '@/lib/background/protocol';
import { formatAge, formatCount, formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';
import { displayText } from '@/lib/ui/plain-text';
import { safeLink } from '../../catalog/links';
import { FailureNotice } from '@/lib/extension-pages/components/FailureNotice';
import { FollowButton } from '@/components/FollowButton';
import { ResearcherPageLink } from '@/components/ResearcherPageLink';
import type { OpenedResearcher, RecentSummary, ResearcherState, ResearcherViews } from '../researcher-state';
import type { Positions as PositionCounts } from '../researcher-summary';
import { openAlexUrl, orcidUrl } from '@/lib/catalog/links';

interface Props {
  opened: OpenedResearcher;
  state: ResearcherState;
  /** What Back returns to, for its label: the previous researcher, or the results. */
  backTo: string;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onRetry: () => void;
  onOpenResearcher: (id: string, name: string) => void;
  /** Buttons for the header, e.g. Follow / Unfollow. */
  actions?: ComponentChildren;
}

const place = (i: Institution) => (i.countryCode ? t('withParenthesis', i.name, i.countryCode) : i.name);
const number = (n: number | null) => (n === null ? '–' : formatInteger(n));

function Stat({ field, label, value }: { field: string; label: string; value: number | null }) {
  return (
    <div class="stat" data-weft-field={field}>
      <b>{number(value)}</b>
      <span>{label}</span>
    </div>
  );
}

const POSITIONS = { first: 'firstAuthor', middle: 'middleAuthor', last: 'lastAuthor', unplaced: 'notPlaced' } as const satisfies Record<string, MessageKey>;
/** A top topic the popup names. */
const TOP_TOPICS = 5;

/**
 * Where they sit in author lists, drawn as one bar, with the counts it is made of. The popup
 * counts a sole author as first, as the catalog does; the researcher page shows them apart.
 */
function Positions({ counts }: { counts: PositionCounts }) {
  const p = { first: counts.first + counts.single, middle: counts.middle, last: counts.last, unplaced: counts.unknown, works: counts.known + counts.unknown };
  const shown = (Object.entries(POSITIONS) as [keyof typeof POSITIONS, MessageKey][]).filter(([k]) => k !== 'unplaced' || p.unplaced > 0);
  return (
    <div class="positions" data-weft-field="positions">
      <p class="muted">
        {p.works === 1 ? t('positionOnRecentWork') : t('positionOnRecentWorks', formatInteger(p.works))}
      </p>
      <div class="position-bar" aria-hidden="true">
        {shown.map(([k]) => p[k] > 0 && <span key={k} class={`pos-${k}`} style={{ flexGrow: p[k] }} />)}
      </div>
      <dl class="position-counts">
        {shown.map(([k, label]) => (
          <div key={k} data-weft-position={k} data-count={p[k]}>
            <dt><span class={`swatch pos-${k}`} aria-hidden="true" />{t(label)}</dt>
            <dd>{formatInteger(p[k])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const POSITION_LABEL = { first: 'firstAuthorLower', middle: 'middleAuthorLower', last: 'lastAuthorLower' } as const satisfies Record<string, MessageKey>;

function RecentPaper({ work }: { work: ResearcherWork }) {
  const href = work.arxivId ? arxivAbsUrl(work.arxivId) : safeLink(work.catalogUrl);
  const title = displayText(work.title) || t('untitledWork');
  const meta = [
    work.year !== null && String(work.year),
    work.authorPosition && t(POSITION_LABEL[work.authorPosition]),
    work.citedBy !== null && formatCount(work.citedBy, 'citationCount', 'citationsCount'),
  ].filter(Boolean);
  return (
    <li data-weft-recent-paper={work.arxivId ?? work.id}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span>{title}</span>
      )}
      {work.arxivId && <span class="tag">arXiv</span>}
      {meta.length > 0 && <span class="muted meta">{meta.join(' · ')}</span>}
    </li>
  );
}

function Body({ data, summary, onRetry, onOpenResearcher }: { data: ResearcherResult; summary: RecentSummary | null } & Pick<Props, 'onRetry' | 'onOpenResearcher'>) {
  const { profile, recent } = data;
  const topics = profile.topics.slice(0, TOP_TOPICS);
  return (
    <>
      <div class="stats">
        <Stat field="h-index" label={t('hIndex')} value={profile.hIndex} />
        <Stat field="cited-by" label={t('citationsUnit')} value={profile.citedBy} />
        <Stat field="works" label={t('worksUnit')} value={profile.works} />
      </div>
      {topics.length > 0 && (
        <section aria-labelledby="researcher-topics">
          <h3 id="researcher-topics">{t('topTopics')}</h3>
          <ul class="chips" data-weft-field="topics">
            {topics.map((topic) => (
              <li key={topic.id}>{displayText(topic.name)}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="researcher-recent">
        <h3 id="researcher-recent">{t('recentPapers')}</h3>
        {recent.status === 'unavailable' ? (
          <FailureNotice failure={recent.error} what={t('recentPapers')} onRetry={onRetry} />
        ) : recent.works.length === 0 ? (
          <p class="muted">{t('noWorks')}</p>
        ) : (
          <>
            {summary && <Positions counts={summary.positions} />}
            <ul class="papers" data-weft-field="recent-papers">
              {recent.works.map((w) => (
                <RecentPaper key={w.id} work={w} />
              ))}
            </ul>
          </>
        )}
      </section>
      {summary && summary.coAuthors.length > 0 && (
        <section aria-labelledby="researcher-coauthors">
          <h3 id="researcher-coauthors">{t('frequentCoauthors')}</h3>
          <p class="muted">{t('onRecentPapers')}</p>
          <ul class="coauthors" data-weft-field="co-authors">
            {summary.coAuthors.map((c) => {
              const name = displayText(c.name) || t('unnamedAuthor');
              return (
                <li key={c.id}>
                  <button type="button" class="link" data-weft-coauthor={c.id} onClick={() => onOpenResearcher(c.id, name)}>
                    {name}
                  </button>
                  <span class="muted"> · {formatCount(c.sharedWorks, 'paperCount', 'papersCount')}</span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <p class="source" data-weft-field="source" title={t('catalogEstimates')}>
        {t('sourceUpdated', SOURCE_NAMES.openalex, formatAge(data.fetchedAt))}
        {recent.status === 'ready' && formatAge(recent.fetchedAt) !== formatAge(data.fetchedAt) && t('papersUpdated', formatAge(recent.fetchedAt))}
      </p>
    </>
  );
}

/** A researcher's profile inside the popup. */
export function ResearcherView({ opened, state, backTo, headingRef, onBack, onRetry, onOpenResearcher, actions }: Props) {
  const profile = state.status === 'ready' ? state.data.profile : null;
  const name = displayText(profile?.displayName) || opened.name;
  const institutions = profile?.lastKnownInstitutions ?? [];
  const openalex = safeLink(openAlexUrl(opened.id));
  const orcid = profile?.orcid ? safeLink(orcidUrl(profile.orcid)) : null;
  return (
    <article
      class="researcher"
      data-weft-researcher={opened.id}
      data-state={state.status}
      aria-labelledby="researcher-name"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault(); // Escape steps back instead of closing the popup
        onBack();
      }}
    >
      <button type="button" class="back" onClick={onBack}>
        <span aria-hidden="true">← </span>{t('back')}<span class="sr-only">{t('backTo', backTo)}</span>
      </button>
      <header class="researcher-header">
        <h2 id="researcher-name" tabIndex={-1} ref={headingRef} data-weft-field="name">
          {name}
        </h2>
        {actions}
      </header>
      {profile && (
        <p class="muted" data-weft-field="last-known">
          {institutions.length ? institutions.map((i) => place(i)).join('; ') : t('noKnownInstitution')}
        </p>
      )}
      {state.status === 'loading' && (
        <p class="muted" aria-busy="true">
          {t('cardLoading')}
        </p>
      )}
      {state.status === 'error' && <FailureNotice failure={state.failure} onRetry={onRetry} />}
      {state.status === 'ready' && <Body data={state.data} summary={state.recent} onRetry={onRetry} onOpenResearcher={onOpenResearcher} />}
      <p class="links">
        <ResearcherPageLink id={opened.id}>{t('openProfile')}</ResearcherPageLink>
        {openalex && (
          <a href={openalex} target="_blank" rel="noopener noreferrer">
            {t('openAlexProfile')}
          </a>
        )}
        {orcid && (
          <a href={orcid} target="_blank" rel="noopener noreferrer">
            ORCID
          </a>
        )}
      </p>
    </article>
  );
}

/**
 * The researcher on top of `views`' stack, with Follow / Unfollow; focus moves to their name
 * as each one opens. `home` names what the last Back returns to (for screen readers).
 */
export function ResearcherStack({ views, home }: { views: ResearcherViews; home: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = views.current.value;
  const stack = views.stack.value;
  // In the render's own task: the Back button that was clicked is gone with the view it was in,
  // and a key pressed meanwhile (Escape: back again) must not land on the page's body.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, [opened?.id]);
  if (!opened) return null;
  return (
    <ResearcherView
      key={opened.id}
      opened={opened}
      state={views.state.value}
      backTo={stack.length > 1 ? stack[stack.length - 2]!.name : home}
      headingRef={headingRef}
      onBack={views.back}
      onRetry={views.retry}
      onOpenResearcher={views.open}
      actions={<FollowButton id={opened.id} name={opened.name} />}
    />
  );
}
