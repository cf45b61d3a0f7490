/**
 * Listing badges: on arXiv listings and search results, the abs page's badge after each author
 * name, the same card on hover, focus or click (with Follow), followed researchers marked on
 * every entry they are on. Badges load as the reader scrolls: entries within a screen and a half
 * of the viewport, in batches (lib/ui/listing-profiles.ts); an entry never approached costs
 * nothing. Hosts are made in time slices and hold a placeholder of the badge's width, so neither
 * a long task nor a layout jump comes from Weft.
 *
 * Applies to: https://arxiv.org/list/cs.DC/new, https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000,
 * https://arxiv.org/list/math.OA/2026-06, https://arxiv.org/catchup/cs.DC/2026-06-26,
 * https://arxiv.org/search/?query=parameter+server&searchtype=all.
 */
import { computed, effect, signal, untracked } from '@preact/signals';
import { render } from 'preact';
import { ListingProgress } from '@/components/ListingProgress';
import { progressCss } from '@/components/styles';
import type { PagePaper } from '../../arxiv/page-model';
import type { BadgeState } from '../../ui/author-profiles';
import { followedIds } from '../../ui/followed-ids';
import { createListingProfiles, type ListingProfiles } from '../../ui/listing-profiles';
import { attachStyledShadow, createHost } from '../shadow-host';
import { SLICE_MS } from '../slices';
import { yieldToPage } from '../yield-to-page';
import { createCardLayer, renderBadge, syncHooks } from './author-badges';
import { placeHost } from './badge-placement';
import type { Feature, FeatureContext } from './types';

/** Entries this close to the viewport (above or below) load: a screen and a half. */
const NEAR_MARGIN = '150% 0px';
/**
 * One entry in so many is watched for nearness, and stands for those before it: the browser
 * computes every watched element's intersection each frame (2,000 of them cost a long task on
 * load). Four entries stay well within the margin's screen and a half.
 */
const WATCH_EVERY = 4;
/**
 * Entries drawn together: the one coming near and those after it. Every change to a long page
 * costs the browser a pass over what follows it; fewer, larger changes cost less.
 */
const DRAW_GROUP = 48;
/** Pages with at least this many entries show the progress line while they load. */
const PROGRESS_MIN_ENTRIES = 50;
/**
 * Badges of entries coming near are drawn with their answer, so that the page changes once
 * rather than twice (placeholder, then figures): each change of a 2,000-entry page costs a
 * rendering pass. A slow answer does not hold them longer than this (the first screen's, which
 * the reader is looking at, only briefly): placeholders show meanwhile.
 */
const DRAW_WAIT_MS = { first: 150, ahead: 500 };
/** The progress line stays this long after the last load, then goes. */
const PROGRESS_LINGER_MS = 1500;

/** The abs page's hooks, plus what a listing adds: how the person was found, and who is followed. */
function syncListingHooks(host: HTMLElement, state: BadgeState, position: number, followed: boolean): void {
  syncHooks(host, state, position);
  if (state.kind === 'ready' && state.match) host.setAttribute('data-match', state.match);
  else host.removeAttribute('data-match');
  if (followed) host.setAttribute('data-followed', 'true');
  else host.removeAttribute('data-followed');
}

/** Runs `step` over a growing queue, a time slice at a time, yielding to the page in between. */
function slicedQueue<T>(step: (item: T) => void, abort: AbortSignal) {
  const queue: T[] = [];
  let draining = false;
  async function drain() {
    draining = true;
    while (queue.length && !abort.aborted) {
      const start = performance.now();
      while (queue.length && performance.now() - start < SLICE_MS) step(queue.shift()!);
      if (queue.length) await yieldToPage();
    }
    draining = false;
  }
  return (items: T[]) => {
    queue.push(...items);
    if (!draining) void drain();
  };
}

/** The progress line ("Weft: 120 of 412 papers"), in its own shadow root, while loads are under way. */
function showProgress(profiles: ListingProfiles, abort: AbortSignal): void {
  const host = createHost('weft-progress');
  const dismissed = signal(false);
  const visible = signal(false);
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const Line = () => (dismissed.value || !visible.value ? null : <ListingProgress progress={profiles.progress.value} onDismiss={() => (dismissed.value = true)} />);
  const stop = effect(() => {
    const { loading } = profiles.progress.value;
    clearTimeout(hideTimer);
    if (loading > 0) visible.value = true;
    else hideTimer = setTimeout(() => (visible.value = false), PROGRESS_LINGER_MS);
  });
  document.body.append(host);
  render(<Line />, attachStyledShadow(host, progressCss));
  abort.addEventListener('abort', () => {
    stop();
    clearTimeout(hideTimer);
    render(null, host.shadowRoot!);
    host.remove();
  });
}

/** One run of the feature with the quiet choice fixed; resolves once the first entries have loaded. */
function runListing(papers: readonly PagePaper[], ask: FeatureContext['ask'], onlyFollowed: boolean, abort: AbortSignal): Promise<void> {
  const profiles = createListingProfiles(papers, ask, { onlyFollowed });
  const hosts: HTMLElement[] = [];
  const disposers: (() => void)[] = [];
  const followed = followedIds();
  const layer = createCardLayer({ entries: profiles.all, load: () => Promise.resolve(), retry: profiles.retry }, (g) => hosts[g]!, undefined, abort);
  const indexOf = new Map<Element, number>(papers.map((p, k) => [p.element, k]));

  const setUp = slicedQueue<number>((k) => {
    const paper = papers[k]!;
    const entries = profiles.entriesOf(k);
    paper.authors.forEach((author, i) => {
      const entry = entries[i]!;
      const host = createHost('weft-author');
      host.setAttribute('data-weft-author', String(i));
      host.setAttribute('data-weft-paper', paper.arxivId);
      hosts[entry.index] = host;
      disposers.push(effect(() => {
        const state = entry.state.value;
        const id = state.kind === 'ready' ? state.metrics.openalexId : null;
        const isFollowed = !!id && !!followed.value?.has(id);
        syncListingHooks(host, state, i, isFollowed);
        // A quiet listing shows only followed researchers, and nothing while it finds out who they are.
        if (onlyFollowed) host.hidden = !isFollowed;
      }));
      placeHost(paper, author, host);
      renderBadge(host, entry, profiles, layer);
    });
  }, abort);

  const near = new Uint8Array(papers.length);
  // The first screen loads as it is (a glance costs a call or three); groups start with scrolling.
  let group = 1;
  const observer = new IntersectionObserver((records) => {
    const came: number[] = [];
    /** Entries the reader sees now, not on the next screen: they are asked for first. */
    const seen = new Set<number>();
    const take = (k: number, visible: boolean) => {
      if (near[k]) return;
      near[k] = 1;
      observer.unobserve(papers[k]!.element);
      came.push(k);
      if (visible) seen.add(k);
    };
    for (const r of records) {
      const k = r.isIntersecting ? indexOf.get(r.target) : undefined;
      if (k === undefined || near[k]) continue;
      // The record's own box (no layout read): a watched entry whose top is above the viewport's
      // bottom edge has itself and the entries before it on screen.
      const visible = r.boundingClientRect.top < window.innerHeight;
      // A watched entry stands for those since the previous one; the entries after it come
      // along, so that the page changes once per group, not once per entry.
      for (let j = Math.max(0, k - WATCH_EVERY + 1); j < Math.min(papers.length, k + group); j++) take(j, visible && j <= k);
    }
    came.sort((a, b) => a - b);
    if (!came.length) return;
    const wait = group === 1 ? DRAW_WAIT_MS.first : DRAW_WAIT_MS.ahead;
    group = DRAW_GROUP;
    for (const k of came) profiles.near(k, seen.has(k));
    const drawn = Promise.all(came.map((k) => profiles.answered(k)));
    void Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, wait))]).then(() => setUp(came));
  }, { rootMargin: NEAR_MARGIN });
  const watched = papers.filter((_, k) => k % WATCH_EVERY === WATCH_EVERY - 1 || k === papers.length - 1);
  slicedQueue<PagePaper>((p) => observer.observe(p.element), abort)(watched);
  if (papers.length >= PROGRESS_MIN_ENTRIES) showProgress(profiles, abort);

  abort.addEventListener('abort', () => {
    observer.disconnect();
    profiles.dispose();
    disposers.forEach((dispose) => dispose());
    hosts.forEach((h) => h.remove());
  });

  return new Promise<void>((resolve) => {
    const done = () => {
      stop();
      resolve();
    };
    const stop = effect(() => {
      const { settled, loading } = profiles.progress.value;
      if (settled > 0 && loading === 0) untracked(done);
    });
    abort.addEventListener('abort', done);
  });
}

export const listingBadges: Feature = {
  id: 'listing-badges',
  pages: ['listing', 'search'],
  shown: (_show, listings) => listings.badges,
  run({ page: { papers }, signal: abort, ask, settings }) {
    if (!papers.length) return;
    // The quiet choice changes what is asked and what is drawn: the feature starts over with it.
    const quiet = computed(() => settings.value.listings.onlyFollowed);
    let current: AbortController | null = null;
    let first: Promise<void> | undefined;
    const stop = effect(() => {
      const onlyFollowed = quiet.value;
      untracked(() => {
        current?.abort();
        current = new AbortController();
        const load = runListing(papers, ask, onlyFollowed, AbortSignal.any([abort, current.signal]));
        first ??= load;
      });
    });
    abort.addEventListener('abort', () => {
      stop();
      current?.abort();
    });
    return first;
  },
};
