import type { ComponentChildren, Ref } from 'preact';
import type { Identity } from '@/lib/catalog/identity';
import { openAlexUrl, orcidUrl, s2AuthorUrl, s2SearchUrl, safeLink } from '@/lib/catalog/links';
import { SOURCE_NAMES, type AuthorMetrics, type Institution } from '@/lib/catalog/types';
import type { AuthorEntry, BadgeState } from '@/lib/ui/author-profiles';
import { formatAge, formatInteger } from '@/lib/ui/format';
import { noteText } from '@/lib/ui/identity-note';
import { failureSentence } from '@/lib/ui/describe-failure';
import { evidenceText } from './IdentityActions';
import { ResearcherPageLink } from './ResearcherPageLink';
import { trusted } from '@/lib/ui/trusted';
import { t } from '@/lib/shared/i18n';

interface Props {
  entry: AuthorEntry;
  cardRef: Ref<HTMLDivElement>;
  onClose: () => void;
  onRetry: () => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  /** Extra actions from other features (e.g. follow). */
  actions?: ComponentChildren;
}


/** How a profile was found, when it is not the paper's own record (listing pages say). */

function place(i: Institution): string {
  return i.countryCode ? t('withParenthesis', i.name, i.countryCode) : i.name;
}

function Stat({ field, label, value }: { field: string; label: string; value: number | null }) {
  return (
    <div class="stat" data-weft-field={field}>
      <b>{value === null ? '–' : formatInteger(value)}</b>
      <span>{label}</span>
    </div>
  );
}

function ExternalLink({ href, kind, children }: { href: string | null; kind: string; children: ComponentChildren }) {
  const safe = safeLink(href);
  if (!safe) return null;
  return (
    <a href={safe} data-weft-link={kind} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Both catalogs' figures side by side, each with its age (OpenAlex's are the badge's). */
function BothCatalogs({ oa, s2, fetchedAt }: { oa: AuthorMetrics; s2: AuthorMetrics; fetchedAt: number }) {
  const cell = (field: string, value: number | null) => <td data-weft-field={field}>{value === null ? '–' : formatInteger(value)}</td>;
  const row = (label: string, field: string, a: number | null, b: number | null) => (
    <tr>
      <th scope="row">{label}</th>
      {cell(field, a)}
      {cell(`s2-${field}`, b)}
    </tr>
  );
  return (
    <table class="both">
      <thead>
        <tr>
          <th scope="col"><span class="sr-only">{t('figure')}</span></th>
          <th scope="col">{SOURCE_NAMES.openalex}</th>
          <th scope="col">{SOURCE_NAMES.s2}</th>
        </tr>
      </thead>
      <tbody>
        {row(t('hIndex'), 'h-index', oa.hIndex, s2.hIndex)}
        {row(t('citationsUnit'), 'cited-by', oa.citedBy, s2.citedBy)}
        {row(t('worksUnit'), 'works', oa.works, s2.works)}
        <tr class="ages">
          <th scope="row">{t('updated')}</th>
          <td>{formatAge(fetchedAt)}</td>
          <td>{t('withThisPaper')}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** How Weft knows who this is, in a sentence (the card's identity label). */
function MatchLine({ state }: { state: Extract<BadgeState, { kind: 'ready' }> }) {
  const { match, identity } = state;
  if (match === 'record') return <p class="match" data-weft-field="match">{t('matchRecord', SOURCE_NAMES[state.metrics.source])}</p>;
  if (match === 'reader') return <p class="match" data-weft-field="match">{t('matchReader')}</p>;
  if (match === 'inferred') {
    return <p class="match" data-weft-field="match">{t('matchInferred', identity.evidence.map(evidenceText).join('; ') || t('matchFitsEvidence'))}</p>;
  }
  return <Possibly identity={identity} />;
}

/** A guess: said plainly, with the other profiles and why Weft could not tell them apart. */
function Possibly({ identity }: { identity: Identity }) {
  const others = identity.candidates.filter((c) => c.openalexId !== identity.openalexId);
  return (
    <div class="match guess" data-weft-field="match">
      <p>{t(identity.evidence.some((e) => e.kind === 'field') ? 'possiblyNameField' : 'possiblyName')}</p>
      {identity.note && <p>{noteText(identity.note)}</p>}
      {others.length > 0 && <p>{t('otherProfiles', others.map((c) => (c.institution ? t('withParenthesis', c.name, c.institution) : c.name)).join('; '))}</p>}
    </div>
  );
}

/** The researcher card shown for one author badge. */
export function AuthorCard({ entry, cardRef, onClose, onRetry, onPointerEnter, onPointerLeave, actions }: Props) {
  const state = entry.state.value;
  const titleId = `weft-card-title-${entry.index}`;
  let body: ComponentChildren;
  let heading = entry.name;

  switch (state.kind) {
    case 'idle':
    case 'loading':
      body = state.kind === 'idle' && state.reason
        ? <p class="note" data-weft-field="not-loaded">{t('cardNotLoaded', state.reason)}</p>
        : <p class="note" aria-busy="true">{t('cardLoading')}</p>;
      break;
    case 'unmatched':
      body = (
        <p class="note">
          {state.identity?.note ? noteText(state.identity.note) : t('cardNoProfile')}
        </p>
      );
      break;
    case 'error':
      body = (
        <>
          <p class="note" role="alert">{t('cardError', failureSentence(state.failure, t('whoCatalogs')))}</p>
          <div class="actions">
            <button type="button" class="action" data-weft-action="retry" onClick={trusted(onRetry)}>{t('retry')}</button>
          </div>
        </>
      );
      break;
    case 'ready': {
      const m = state.metrics;
      heading = m.displayName || entry.name;
      const s2Href = state.s2Id
        ? s2AuthorUrl(state.s2Id)
        : s2SearchUrl(entry.name);
      body = (
        <>
          {heading !== entry.name && <p class="note">{t('onThisPaperAs', entry.name)}</p>}
          <MatchLine state={state} />
          {state.s2 && m.source !== 's2' ? (
            <BothCatalogs oa={m} s2={state.s2} fetchedAt={state.fetchedAt} />
          ) : (
            <div class="stats">
              <Stat field="h-index" label={t('hIndex')} value={m.hIndex} />
              <Stat field="cited-by" label={t('citationsUnit')} value={m.citedBy} />
              <Stat field="works" label={t('worksUnit')} value={m.works} />
            </div>
          )}
          <dl>
            <dt>{t('onThisPaper')}</dt>
            <dd data-weft-field="institutions">
              {state.paperInstitutions.length ? state.paperInstitutions.map(place).join('; ') : t('notStated')}
            </dd>
            <dt>{t('lastKnown')}</dt>
            <dd data-weft-field="last-known">
              {m.lastKnownInstitutions.length ? m.lastKnownInstitutions.map(place).join('; ') : t('unknown')}
            </dd>
          </dl>
          <div class="links">
            {m.openalexId && <ResearcherPageLink id={m.openalexId} s2Id={state.s2Id}>{t('openProfile')}</ResearcherPageLink>}
            {m.openalexId && (
              <ExternalLink href={openAlexUrl(m.openalexId)} kind="openalex">{t('openAlexProfile')}</ExternalLink>
            )}
            <ExternalLink href={s2Href} kind="s2">
              {t(state.s2Id ? 's2Profile' : 's2Find')}
            </ExternalLink>
            {m.orcid && <ExternalLink href={orcidUrl(m.orcid)} kind="orcid">ORCID</ExternalLink>}
          </div>
          <p class="source" data-weft-field="source" title={t('catalogEstimates')}>
            {t('sourceUpdated', SOURCE_NAMES[m.source], formatAge(state.fetchedAt))}
            {state.refreshFailed && t('refreshFailedSaved')}
          </p>
        </>
      );
      break;
    }
  }

  return (
    <div
      class="card"
      ref={cardRef}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-weft-card={String(entry.index)}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <h2 id={titleId} data-weft-field="name">{heading}</h2>
      <button type="button" class="close" aria-label={t('closeProfile')} onClick={trusted(onClose)}>×</button>
      {body}
      {actions}
    </div>
  );
}
