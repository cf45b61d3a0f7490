/**
 * An author's badge and the card it opens (profile, follow, identity actions): the one UI of an
 * author on every page type, used by the abs page's and the listings' badges alike.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { createRef } from 'preact';
import { AuthorBadge } from '@/components/AuthorBadge';
import { AuthorCard } from '@/components/AuthorCard';
import { FollowButton } from '@/components/FollowButton';
import { IdentityActions } from '@/components/IdentityActions';
import { badgeCss, cardCss } from '@/components/styles';
import { followedIds } from '../ui/followed-ids';
import { themeHost, type PageTheme } from './page-theme';
import { mount } from './mount';
import { attachStyledShadow, createHost } from './shadow-host';
import type { AuthorEntry, AuthorProfiles, BadgeState } from '../ui/author-profiles';
import { focusFor, setOwnStyle } from '../ui/trusted';
import { t } from '@/lib/shared/i18n';

const HOVER_OPEN_MS = 250;
const HOVER_CLOSE_MS = 250;

/** The OpenAlex researcher behind a badge, once known: only they can be followed. */
function researcherOf(entry: AuthorEntry): { id: string; name: string } | null {
  const state = entry.state.value;
  if (state.kind !== 'ready' || !state.metrics.openalexId) return null;
  return { id: state.metrics.openalexId, name: state.metrics.displayName || entry.name };
}

interface OpenCard {
  index: number;
  pinned: boolean;
}

/**
 * Mirrors an author's state onto the contract's data attributes on the badge host. The host is
 * a hook (`data-weft-author`) once its position in the paper's author list is known.
 */
export function syncHooks(host: HTMLElement, state: BadgeState, position: number | null): void {
  const set = (name: string, value: number | string | null | undefined) => {
    if (value === null || value === undefined) host.removeAttribute(name);
    else host.setAttribute(name, String(value));
  };
  set('data-weft-author', position);
  host.setAttribute('data-state', state.kind);
  const ready = state.kind === 'ready' ? state : null;
  const m = ready?.metrics;
  set('data-h-index', m?.hIndex);
  set('data-cited-by', m?.citedBy);
  set('data-works', m?.works);
  set('data-openalex-id', m?.openalexId);
  set('data-match', ready?.match);
  // Semantic Scholar's own figures for this author, beside the ones shown.
  const s2 = ready?.s2;
  set('data-s2-h-index', s2?.hIndex);
  set('data-s2-cited-by', s2?.citedBy);
  set('data-s2-works', s2?.works);
}

/** What the card layer needs of a page's profiles; the identity actions when the page has them. */
export type CardProfiles = Pick<AuthorProfiles, 'entries' | 'load' | 'retry'> &
  Partial<Pick<AuthorProfiles, 'refresh' | 'candidates' | 'correct' | 'uncorrect'>>;

export function createCardLayer(
  profiles: CardProfiles,
  hostOf: (index: number) => HTMLElement,
  theme: ReadonlySignal<PageTheme> | undefined,
  signalAbort: AbortSignal,
  /** The arXiv category of the paper an author is on (Follow tells the background where they post). */
  categoryOf?: (index: number) => string | null,
) {
  const { refresh, candidates, correct, uncorrect } = profiles;
  const identity = refresh && candidates && correct && uncorrect ? { refresh, candidates, correct, uncorrect } : null;
  const open = signal<OpenCard | null>(null);
  let layerHost: HTMLElement | null = null;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  const card = createRef<HTMLDivElement>();

  const badgeButton = (index: number) => hostOf(index).shadowRoot?.querySelector('button') ?? null;

  /** Set while Weft itself moves focus back to a badge, which must not reopen its card. */
  let restoringFocus = false;

  function close(restoreFocus: boolean) {
    const current = open.value;
    open.value = null;
    if (restoreFocus && current) {
      restoringFocus = true;
      // In answer to the reader (Escape, ×): the badge may be activated from the keyboard again.
      focusFor(badgeButton(current.index));
      restoringFocus = false;
    }
  }

  function show(index: number, pinned: boolean) {
    clearTimeout(closeTimer);
    clearTimeout(openTimer);
    ensureLayer();
    const current = open.value;
    open.value = { index, pinned: pinned || (current?.index === index && current.pinned) };
    void profiles.load([index]);
  }

  function request(index: number, how: 'click' | 'hover' | 'focus') {
    if (how === 'click') {
      const current = open.value;
      if (current?.index === index && current.pinned) return close(false);
      show(index, true);
      // Keyboard and pointer users alike land in the card, so its links are one Tab away.
      queueMicrotask(() => card.current?.focus({ preventScroll: true }));
    } else if (how === 'focus') {
      if (!restoringFocus) show(index, false);
    } else {
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
      openTimer = setTimeout(() => show(index, false), HOVER_OPEN_MS);
    }
  }

  function leave() {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      const current = open.value;
      const focusInside = layerHost?.shadowRoot?.activeElement || (current && hostOf(current.index).shadowRoot?.activeElement);
      if (current && !current.pinned && !focusInside) close(false);
    }, HOVER_CLOSE_MS);
  }

  /** Puts the open card under its badge, after each render (its author's state may move the badge). */
  function place() {
    const current = open.value;
    if (!current || !card.current) return;
    const r = hostOf(current.index).getBoundingClientRect();
    const width = card.current.offsetWidth;
    const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8));
    setOwnStyle(card.current, { left: `${left + window.scrollX}px`, top: `${r.bottom + window.scrollY + 6}px` });
  }

  function Layer() {
    const current = open.value;
    if (!current) return null;
    const entry = profiles.entries[current.index]!;
    const researcher = researcherOf(entry);
    const state = entry.state.value;
    // An author past the caps (lib/ui/caps.ts) was never sent: nothing to correct.
    const correctable = identity && !(state.kind === 'idle' && state.reason);
    return (
      <AuthorCard
        entry={entry}
        cardRef={card}
        onClose={() => close(true)}
        onRetry={() => void profiles.retry()}
        onPointerEnter={() => clearTimeout(closeTimer)}
        onPointerLeave={leave}
        actions={
          <>
            {researcher && (
              <div class="actions">
                <FollowButton id={researcher.id} name={researcher.name} category={categoryOf?.(current.index) ?? null} />
              </div>
            )}
            {correctable && (
              <IdentityActions
                entry={entry}
                onRefresh={() => identity.refresh([entry.index])}
                loadCandidates={() => identity.candidates(entry.index)}
                onChoose={(id, everywhere) => identity.correct(entry.index, id, everywhere)}
                onUndo={() => identity.uncorrect(entry.index)}
              />
            )}
          </>
        }
      />
    );
  }

  function ensureLayer() {
    if (layerHost) return;
    layerHost = createHost('weft-card');
    signalAbort.addEventListener('abort', themeHost(layerHost, theme));
    document.body.append(layerHost);
    signalAbort.addEventListener('abort', mount(() => <Layer />, attachStyledShadow(layerHost, cardCss), place));
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open.value) close(true);
  };
  const onPointerDown = (e: PointerEvent) => {
    const current = open.value;
    if (!current) return;
    const path = e.composedPath();
    if (!path.includes(layerHost!) && !path.includes(hostOf(current.index))) close(false);
  };
  document.addEventListener('keydown', onKey, { signal: signalAbort });
  document.addEventListener('pointerdown', onPointerDown, { signal: signalAbort });
  signalAbort.addEventListener('abort', () => layerHost?.remove());

  return { open, request, leave };
}

export type CardLayer = ReturnType<typeof createCardLayer>;

/** Shows `entry`'s badge in `host` until the returned function is called. */
export function renderBadge(host: HTMLElement, entry: AuthorEntry, profiles: Pick<AuthorProfiles, 'retry'>, layer: CardLayer): () => void {
  const Badge = () => {
    const id = researcherOf(entry)?.id;
    const followed = !!id && !!followedIds().value?.has(id);
    return (
      <span class={followed ? 'followed' : undefined} title={followed ? t('youFollow') : undefined}>
        <AuthorBadge
          entry={entry}
          expanded={layer.open.value?.index === entry.index}
          onOpen={(how) => layer.request(entry.index, how)}
          onLeave={layer.leave}
          onRetry={() => void profiles.retry()}
        />
      </span>
    );
  };
  return mount(() => <Badge />, attachStyledShadow(host, badgeCss));
}
