/**
 * Author badges: next to each author name on an abs page or an HTML view, a badge with the
 * author's h-index, and on hover, focus or click a card with their profile.
 *
 * Applies to: https://arxiv.org/abs/2406.05546, https://arxiv.org/abs/hep-th/9901001v3,
 * https://arxiv.org/abs/1411.4413 (2,830 authors, most in the hidden long list),
 * https://arxiv.org/html/2403.10561v1 (nine names in one LaTeXML personname),
 * https://arxiv.org/html/1411.4413v2 (a collaboration; its persons in an appendix list).
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { createRef } from 'preact';
import { AuthorBadge } from '@/components/AuthorBadge';
import { AuthorCard } from '@/components/AuthorCard';
import { FollowButton } from '@/components/FollowButton';
import { IdentityActions } from '@/components/IdentityActions';
import { badgeCss, cardCss } from '@/components/styles';
import type { PagePaper } from '../../arxiv/page-model';
import { onChange } from '../../ui/changes';
import { followedIds } from '../../ui/followed-ids';
import { themeHost, type PageTheme } from '../page-theme';
import { mount } from '../mount';
import { attachStyledShadow, createHost } from '../shadow-host';
import { placeHost } from './badge-placement';
import { inSlices } from '../slices';
import {
  createAuthorProfiles,
  paperAuthorsRequest,
  type AuthorEntry,
  type AuthorProfiles,
  type BadgeState,
} from '../../ui/author-profiles';
import type { Feature } from './types';
import { EAGER_AUTHORS } from '../../shared/limits';
import { focusFor, setOwnStyle } from '../../ui/trusted';
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

/**
 * Authors beyond the first ones are drawn and load as they come near the viewport (two hundred
 * badges far below would cost the page a long layout for nothing), a few per task; those in
 * arXiv's hidden long list only once the reader expands it.
 */
function watchLazyAuthors(page: PagePaper, hostOf: (index: number) => HTMLElement, profiles: AuthorProfiles, draw: (i: number) => void, abort: AbortSignal) {
  const lazy = profiles.entries.filter((e) => e.lazy).map((e) => e.index);
  if (!lazy.length) return;
  const list = page.hiddenAuthors;
  const hidden = () => !!list && (list.hidden || list.style.display === 'none');
  let pending = new Set<number>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const indexOf = new Map<Element, number>();
  const seen = new IntersectionObserver((records) => {
    const near = records.filter((r) => r.isIntersecting).map((r) => {
      seen.unobserve(r.target);
      return indexOf.get(r.target)!;
    });
    inSlices(near, draw, abort);
    near.forEach((i) => pending.add(i));
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      void profiles.load(batch);
    }, 60);
  }, { rootMargin: '400px 0px' });
  abort.addEventListener('abort', () => seen.disconnect());

  let shown = false;
  const reveal = () => {
    if (shown || hidden()) return;
    shown = true;
    mutation.disconnect();
    inSlices(lazy, (i) => {
      indexOf.set(hostOf(i), i);
      seen.observe(hostOf(i));
    }, abort);
  };
  const mutation = new MutationObserver(reveal);
  if (list) mutation.observe(list, { attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  abort.addEventListener('abort', () => mutation.disconnect());
  reveal();
}

export const authorBadges: Feature = {
  id: 'author-badges',
  pages: ['abs', 'html'],
  shown: (show) => show.badges,
  early: ({ arxivId, citationNames }, show) =>
    show.badges && citationNames.length ? [paperAuthorsRequest(arxivId, citationNames, Math.min(citationNames.length, EAGER_AUTHORS))] : [],
  run({ page: { type, papers: [page] }, signal: abort, ask, theme }) {
    if (!page?.authors.length) return;
    // The HTML view prints no author list of its own: the record places its names in the paper's.
    // What it prints tied to no one name (LaTeXML shifts affiliations: docs/arxiv-pages.md) is no
    // evidence about any one author: a namesake at one of the paper's institutions is not its author.
    const profiles = createAuthorProfiles({ ...page, printed: undefined }, page.authors, ask, { ownList: type !== 'html' });
    // A correction made elsewhere (another tab, the settings page) applies here too.
    abort.addEventListener('abort', onChange('identities', () => void profiles.reload()));
    // Created when first needed: a long list's hidden thousands only in later slices.
    const hosts: HTMLElement[] = new Array<HTMLElement>(page.authors.length);
    const hostOf = (i: number) => (hosts[i] ??= createHost('weft-author'));
    const disposers: (() => void)[] = [];
    abort.addEventListener('abort', () => {
      disposers.forEach((dispose) => dispose());
      hosts.forEach((h) => h.remove());
    });
    const setUp = (entry: AuthorEntry) => {
      page.locateThrough(entry.index);
      const host = hostOf(entry.index);
      disposers.push(effect(() => syncHooks(host, entry.state.value, entry.position.value)), themeHost(host, theme));
      placeHost(page, page.authors[entry.index]!, host);
    };
    // The authors shown with the page first (last first: see resolveTextPosition), then the
    // thousands a long list may hide, all in time slices so no single task runs long.
    const [eager, lazy] = [profiles.entries.filter((e) => !e.lazy), profiles.entries.filter((e) => e.lazy)];
    inSlices([...[...eager].reverse(), ...lazy], setUp, abort);

    const layer = createCardLayer(profiles, hostOf, theme, abort, () => page.primaryCategory);
    const drawn = new Set<number>();
    const draw = (i: number) => {
      if (drawn.has(i)) return;
      drawn.add(i);
      disposers.push(renderBadge(hostOf(i), profiles.entries[i]!, profiles, layer));
    };
    // Drawn in slices too: a hundred shadow roots at once is itself a long task.
    inSlices(eager.map((e) => e.index), draw, abort);
    watchLazyAuthors(page, hostOf, profiles, draw, abort);
    return profiles.start();
  },
};
