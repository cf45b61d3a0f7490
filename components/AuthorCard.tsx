import { SOURCE_NAMES, type Institution } from '@/lib/catalog/types';
import type { AuthorEntry } from '@/lib/ui/author-profiles';
import type { MatchKind } from '@/lib/catalog/identity';
import { formatAge, formatInteger } from '@/lib/ui/format';
import { safeLink } from '@/lib/catalog/links';
import type { ComponentChildren, Ref } from 'preact';

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
const MATCH_NOTES: Partial<Record<MatchKind, string>> = {
  inferred: 'No catalog lists this paper yet: identified from earlier works shared with its co-authors.',
  guess: 'A guess: no catalog lists this paper yet, and only the name and the field fit this profile.',
  reader: 'You chose this profile.',
};

function place(i: Institution): string {
  return i.countryCode ? `${i.name} (${i.countryCode})` : i.name;
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

/** The researcher card shown for one author badge. */
export function AuthorCard({ entry, cardRef, onClose, onRetry, onPointerEnter, onPointerLeave, actions }: Props) {
  const state = entry.state.value;
  const titleId = `weft-card-title-${entry.index}`;
  let body: ComponentChildren;
  let heading = entry.name;

  switch (state.kind) {
    case 'idle':
    case 'loading':
      body = <p class="note" aria-busy="true">Loading profile…</p>;
      break;
    case 'unmatched':
      body = (
        <p class="note">
          No profile: the catalogs' record of this paper does not identify this author, so Weft shows nothing
          rather than guess from the name.
        </p>
      );
      break;
    case 'error':
      body = (
        <>
          <p class="note" role="alert">Could not load this profile: {state.message}</p>
          <div class="actions">
            <button type="button" class="action" data-weft-action="retry" onClick={onRetry}>Retry</button>
          </div>
        </>
      );
      break;
    case 'ready': {
      const m = state.metrics;
      heading = m.displayName || entry.name;
      const s2Href = state.s2Id
        ? `https://www.semanticscholar.org/author/${encodeURIComponent(state.s2Id)}`
        : `https://www.semanticscholar.org/search?q=${encodeURIComponent(entry.name)}`;
      body = (
        <>
          {heading !== entry.name && <p class="note">On this paper as “{entry.name}”</p>}
          {state.match && MATCH_NOTES[state.match] && <p class="note" data-weft-field="match">{MATCH_NOTES[state.match]}</p>}
          <div class="stats">
            <Stat field="h-index" label="h-index" value={m.hIndex} />
            <Stat field="cited-by" label="citations" value={m.citedBy} />
            <Stat field="works" label="works" value={m.works} />
          </div>
          <dl>
            <dt>On this paper</dt>
            <dd data-weft-field="institutions">
              {state.paperInstitutions.length ? state.paperInstitutions.map(place).join('; ') : 'not stated'}
            </dd>
            <dt>Last known</dt>
            <dd data-weft-field="last-known">
              {m.lastKnownInstitutions.length ? m.lastKnownInstitutions.map(place).join('; ') : 'unknown'}
            </dd>
          </dl>
          <div class="links">
            {m.openalexId && (
              <ExternalLink href={`https://openalex.org/${m.openalexId}`} kind="openalex">OpenAlex profile</ExternalLink>
            )}
            <ExternalLink href={s2Href} kind="s2">
              {state.s2Id ? 'Semantic Scholar profile' : 'Find on Semantic Scholar'}
            </ExternalLink>
            {m.orcid && <ExternalLink href={`https://orcid.org/${m.orcid}`} kind="orcid">ORCID</ExternalLink>}
          </div>
          <p class="source" data-weft-field="source" title="Catalog estimates: author disambiguation can merge or split people.">
            {SOURCE_NAMES[m.source]} · updated {formatAge(state.fetchedAt)}
            {state.refreshFailed && ' · refresh failed, showing saved numbers'}
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
      <button type="button" class="close" aria-label="Close profile" onClick={onClose}>×</button>
      {body}
      {actions}
    </div>
  );
}
