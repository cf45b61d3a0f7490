/**
 * Listing badges: on arXiv listings and search results, the abs page's badge after each author
 * name, the same card on hover, focus or click (with Follow, Refresh and "Not this person?"),
 * followed researchers marked on every entry they are on. Badges load as the reader scrolls:
 * entries within five screens below the viewport, in batches (lib/ui/listing-profiles.ts); an entry
 * never approached costs nothing. Badges are made off the page in time slices and reach
 * it in as few frames as they can: a group of entries in one frame, the figures that arrive later
 * together (a few milliseconds of rendering them a frame), since every frame that changes a long
 * page's layout costs the browser a pass over the page (docs/performance.md, "Drawing badges
 * without jank"); on a long page the browser skips the entries far from the viewport. A
 * placeholder is as wide as most badges, so the page hardly moves when figures arrive.
 *
 * Applies to: https://arxiv.org/list/cs.DC/new, https://arxiv.org/list/cs.LG/pastweek?skip=0&show=2000,
 * https://arxiv.org/list/math.OA/2026-06, https://arxiv.org/catchup/cs.DC/2026-06-26,
 * https://arxiv.org/search/?query=parameter+server&searchtype=all.
 */
import { batch, computed, effect, signal, untracked, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { ListingProgress } from '@/components/ListingProgress';
import { progressCss } from '@/components/styles';
import type { PageAuthor, PagePaper } from '../../arxiv/page-model';
import type { AuthorEntry, BadgeState } from '../../ui/author-profiles';
import { onChange } from '../../ui/changes';
import { followedIds } from '../../ui/followed-ids';
import { createListingProfiles, type ListingProgress as Progress } from '../../ui/listing-profiles';
import { drawWhileTime, frameWrites, groupsWithin } from '../frame-writes';
import { mount } from '../mount';
import { attachStyledShadow, createHost } from '../shadow-host';
import { SLICE_MS } from '../slices';
import { yieldToPage } from '../yield-to-page';
import { createCardLayer, renderBadge, syncHooks } from '../author-card';
import { placeHost } from '../badge-placement';
import { containEntries } from '../entry-containment';
import { createPublishedLabel, type PublishedLabel } from '../listing-published';
import type { Feature, FeatureContext } from './types';

/**
 * Entries this close to the viewport load: a screen and a half above it, where a reader seldom
 * goes back, and five screens below, so that a group's answers can come before the browser renders
 * its entries (DUE_MARGIN).
 */
const NEAR_MARGIN = '150% 0px 500% 0px';
/**
 * A group still waiting for its answers goes onto the page as it is once its first entry comes
 * this close, a screen before the browser renders it: the browser renders a long listing's
 * entries within 150 % of the viewport (entry-containment.ts), and badges inserted into entries
 * not yet rendered cost a frame nearly nothing, into rendered ones a pass over them and all they
 * move (docs/performance.md, "Drawing badges without jank").
 */
const DUE_MARGIN = '250% 0px';
/**
 * One entry in so many is watched for nearness, and stands for those before it: the browser
 * computes every watched element's intersection each frame (2,000 of them cost a long task on
 * load). Four entries stay well within the margin's five screens.
 */
const WATCH_EVERY = 4;
/**
 * Entries drawn together: the one coming near and those after it. Every frame that changes a
 * long page costs the browser a pass over all of it; fewer, fuller frames cost less.
 */
const DRAW_GROUP = 48;
/** Pages with at least this many entries show the progress line while they load. */
const PROGRESS_MIN_ENTRIES = 50;
/**
 * Badges of entries coming near are drawn with their answer, so that the page changes once
 * rather than twice (placeholder, then figures): each change of a 2,000-entry page costs a
 * rendering pass. A slow answer does not hold them longer than this once they are due (the first
 * screen's, which the reader is looking at, only briefly): placeholders show meanwhile.
 */
const DRAW_WAIT_MS = { first: 150, ahead: 500 };
/**
 * Frames that change the page are at least this far apart, and those only for changes that can
 * wait (figures for badges already drawn below the first screen, the progress line) further:
 * answers that arrive one after the other are drawn together, and the browser scrolls freely in
 * between. Every such frame costs a walk over the whole page, however little it changes
 * (docs/performance.md, "Drawing badges without jank"): 1.2 s rather than 0.6 s took a third off
 * the long frames of a minute's skim of 2,000 entries. And they wait for the reader to pause
 * (120 ms without scrolling; a reader who keeps scrolling, a second at most): with the CPU slowed
 * 2×, that took the long frames Weft drew in on the same skim from 24–31 to 2–3.
 */
const DRAW_GAPS = { gapMs: 120, lazyGapMs: 1200, quietMs: 120, quietAtMostMs: 1000 };
/**
 * Badges one frame draws at most, about two groups' worth: a frame that inserts moves everything
 * below, whatever it inserts; this bounds what the badges add to that (about 0.1 ms each).
 */
const FRAME_BADGES = 600;
/**
 * Time a frame spends bringing badges already drawn up to date, at most (each is rendered again,
 * about 0.05 ms): the browser's own rendering of a frame that changes a long listing takes
 * 15–35 ms on the bench's machine and twice that on one twice as slow (docs/performance.md,
 * "Drawing badges without jank"); Weft's part must leave it under the 50 ms of a long frame.
 */
const FRAME_WORK_MS = 4;
/**
 * Pages with at least this many entries let the browser skip those far from the viewport
 * (entry-containment.ts): on a 400-entry page a frame's walk over the page stays short (one long
 * frame in a two-minute reading); on 2,000 entries each frame that drew badges was a long one.
 */
const CONTAIN_MIN_ENTRIES = 500;
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

/**
 * Runs `step` over a growing queue, a time slice at a time, yielding to the page in between;
 * `drained` once the queue is empty.
 */
function slicedQueue<T>(step: (item: T) => void, abort: AbortSignal, drained?: () => void) {
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
    if (!abort.aborted) drained?.();
  }
  return (items: T[]) => {
    queue.push(...items);
    if (!draining) void drain();
  };
}

/** The progress line ("Weft: 120 of 412 papers"), in its own shadow root, while loads are under way. */
function showProgress(progress: ReadonlySignal<Progress>, abort: AbortSignal): void {
  const host = createHost('weft-progress');
  const dismissed = signal(false);
  const visible = signal(false);
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const Line = () => (dismissed.value || !visible.value ? null : <ListingProgress progress={progress.value} onDismiss={() => (dismissed.value = true)} />);
  const stop = effect(() => {
    const { loading } = progress.value;
    clearTimeout(hideTimer);
    if (loading > 0) visible.value = true;
    else hideTimer = setTimeout(() => (visible.value = false), PROGRESS_LINGER_MS);
  });
  document.body.append(host);
  const unmount = mount(() => <Line />, attachStyledShadow(host, progressCss));
  abort.addEventListener('abort', () => {
    stop();
    clearTimeout(hideTimer);
    unmount();
    host.remove();
  });
}

/**
 * One author's badge, made off the page: its host, where it goes, and the state it shows, which
 * follows its entry's state only in the frames Weft draws (with the hooks, which say what it shows).
 */
interface Badge {
  host: HTMLElement;
  entry: AuthorEntry;
  author: PageAuthor;
  position: number;
  shown: Signal<BadgeState>;
  followed: boolean;
}

/** Whether any of `el` is in the viewport. */
function onScreen(el: Element): boolean {
  const box = el.getBoundingClientRect();
  return box.top < window.innerHeight && box.bottom > 0;
}

/** One run of the feature with the quiet choice fixed; resolves once the first entries have loaded. */
function runListing(papers: readonly PagePaper[], ask: FeatureContext['ask'], onlyFollowed: boolean, abort: AbortSignal): Promise<void> {
  const profiles = createListingProfiles(papers, ask, { onlyFollowed });
  const hosts: HTMLElement[] = [];
  const disposers: (() => void)[] = [];
  const followed = followedIds();
  // The abs card's identity actions (Refresh, "Not this person?"), addressed by page-wide index.
  const layer = createCardLayer({ ...profiles, entries: profiles.all, load: () => Promise.resolve() }, (g) => hosts[g]!, undefined, abort);
  // A correction made elsewhere (another tab, another card, the settings page) applies here too.
  abort.addEventListener('abort', onChange('identities', () => void profiles.reload().catch(() => undefined)));
  const indexOf = new Map<Element, number>(papers.map((p, k) => [p.element, k]));

  const isFollowed = (state: BadgeState) => state.kind === 'ready' && !!state.metrics.openalexId && !!followed.value?.has(state.metrics.openalexId);
  /** Brings a badge up to its entry's state: what it shows, its hooks, and (quiet listing) whether it shows at all. */
  const show = (badge: Badge) => {
    const state = badge.entry.state.peek();
    badge.followed = untracked(() => isFollowed(state));
    badge.shown.value = state;
    syncListingHooks(badge.host, state, badge.position, badge.followed);
    // A quiet listing shows only followed researchers, and nothing while it finds out who they are.
    if (onlyFollowed) badge.host.hidden = !badge.followed;
  };
  /**
   * Groups of entries (those that came near together) whose badges are made and wait for a frame
   * to put them on the page, in order. A group reaches the page whole, in one frame: each frame
   * that inserts into a long page moves everything below, whatever it inserts.
   */
  const made: { paper: PagePaper; badges: Badge[]; label: PublishedLabel | null }[][] = [];
  /** The group being made. */
  let making: { paper: PagePaper; badges: Badge[]; label: PublishedLabel | null }[] = [];
  /** Badges showing an older state than their entry's (an answer came, a follow changed). */
  const stale = new Set<Badge>();
  /** "Published in" labels of entries on the page whose answer came since (listing-published.tsx). */
  const staleLabels = new Set<PublishedLabel>();
  /** The progress as of the last frame drawn: the line changes with the badges, not on its own. */
  const progress = signal(profiles.progress.peek());

  const writes = frameWrites(() => {
    let placed = 0;
    batch(() => {
      const sizes = made.map((group) => group.reduce((sum, { badges }) => sum + badges.length, 0));
      for (const group of made.splice(0, groupsWithin(sizes, FRAME_BADGES))) {
        for (const { paper, badges, label } of group) {
          for (const badge of badges) placeHost(paper, badge.author, badge.host);
          label?.sync();
          placed += badges.length;
        }
      }
      for (const label of staleLabels) label.sync();
      staleLabels.clear();
      progress.value = profiles.progress.peek();
    });
    // Badges already on the page, in a frame that inserted nothing (inserting is the costly
    // part of a frame: the two together make a long one), while the frame's time lasts; each
    // rendered as it is brought up to date (outside the batch, so that the time it takes counts).
    if (!placed) drawWhileTime(stale, show, performance.now() + FRAME_WORK_MS);
    return stale.size > 0 || made.length > 0;
  }, DRAW_GAPS, abort);
  disposers.push(effect(() => {
    void profiles.progress.value;
    writes.request(true);
  }));
  /** The first screen's entries: the reader waits for their figures, which are drawn at once. */
  let firstScreen: ReadonlySet<number> | null = null;

  // Made in time slices, off the page: the frame that inserts them only inserts.
  const setUp = slicedQueue<number>((k) => {
    const paper = papers[k]!;
    const canWait = !firstScreen!.has(k);
    const entries = profiles.entriesOf(k);
    const badges = paper.authors.map((author, i): Badge => {
      const entry = entries[i]!;
      const host = createHost('weft-author');
      host.setAttribute('data-weft-author', String(i));
      host.setAttribute('data-weft-paper', paper.arxivId);
      hosts[entry.index] = host;
      const badge: Badge = { host, entry, author, position: i, shown: signal(entry.state.peek()), followed: false };
      show(badge);
      disposers.push(effect(() => {
        const state = entry.state.value;
        const answered = state !== badge.shown.peek();
        // Read on every run, so that the effect follows the follow list whatever came first.
        const follows = isFollowed(state);
        if (!answered && follows === badge.followed) return;
        stale.add(badge);
        // Figures below the first screen can wait for company; the reader's own follow shows at once.
        writes.request(canWait && answered);
      }));
      disposers.push(renderBadge(host, { ...entry, state: badge.shown }, profiles, layer));
      return badge;
    });
    // Where the version of record shows (a quiet listing shows followed researchers only).
    const label = onlyFollowed ? null : createPublishedLabel(paper, profiles.published(k));
    if (label) {
      let placed = false;
      disposers.push(label.dispose, effect(() => {
        void profiles.published(k).value;
        // Its first state is drawn with the entry's group; later ones in the next frame.
        if (!placed) return void (placed = true);
        staleLabels.add(label);
        writes.request(canWait);
      }));
    }
    making.push({ paper, badges, label });
  }, abort, () => {
    made.push(making);
    making = [];
    writes.request();
  });

  // An entry that came near off screen is asked for as the next screen's; when the reader
  // reaches it before its answer, its work is raised to what the reader is looking at.
  const viewing = new IntersectionObserver((records) => {
    for (const r of records) {
      const k = r.isIntersecting ? indexOf.get(r.target) : undefined;
      if (k === undefined) continue;
      viewing.unobserve(r.target);
      profiles.seen(k);
    }
  });
  const watchUntilSeen = (k: number) => {
    const element = papers[k]!.element;
    viewing.observe(element);
    void profiles.answered(k).then(() => viewing.unobserve(element));
  };

  /** The first entries of groups still waiting, each with what its coming within the due margin resolves. */
  const dueWaiting = new Map<Element, () => void>();
  const due = new IntersectionObserver((records) => {
    for (const r of records) {
      if (!r.isIntersecting) continue;
      dueWaiting.get(r.target)?.();
      forgetDue(r.target);
    }
  }, { rootMargin: DUE_MARGIN });
  const dueOf = (element: Element) => new Promise<void>((resolve) => {
    dueWaiting.set(element, resolve);
    due.observe(element);
  });
  /** A group drawn (answered, or due) no longer needs its first entry watched. */
  const forgetDue = (element: Element) => {
    due.unobserve(element);
    dueWaiting.delete(element);
  };

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
      // bottom edge has itself and the entries before it on screen. One below it (tall entries
      // with abstracts, the first screen) says nothing of those before it: their own boxes are
      // read, here where layout is fresh and before Weft changes anything.
      const below = r.boundingClientRect.top >= window.innerHeight;
      const visible = (j: number) => j <= k && (!below || onScreen(papers[j]!.element));
      // A watched entry stands for those since the previous one; the entries after it come
      // along, so that the page changes once per group, not once per entry.
      for (let j = Math.max(0, k - WATCH_EVERY + 1); j < Math.min(papers.length, k + group); j++) take(j, visible(j));
    }
    came.sort((a, b) => a - b);
    if (!came.length) return;
    const wait = group === 1 ? DRAW_WAIT_MS.first : DRAW_WAIT_MS.ahead;
    firstScreen ??= new Set(came);
    group = DRAW_GROUP;
    for (const k of came) {
      profiles.near(k, seen.has(k));
      if (!seen.has(k)) watchUntilSeen(k);
    }
    const drawn = Promise.all(came.map((k) => profiles.answered(k)));
    const waited = new Promise((resolve) => setTimeout(resolve, wait));
    // The first screen is drawn soon; a later group once answered, or once it is due and has
    // waited its while (a reader who jumped to it is already there).
    const first = papers[came[0]!]!.element;
    void Promise.race([drawn, group === 1 ? waited : Promise.all([waited, dueOf(first)])]).then(() => {
      forgetDue(first);
      setUp(came);
    });
  }, { rootMargin: NEAR_MARGIN });
  const watched = papers.filter((_, k) => k % WATCH_EVERY === WATCH_EVERY - 1 || k === papers.length - 1);
  slicedQueue<PagePaper>((p) => observer.observe(p.element), abort)(watched);
  if (papers.length >= PROGRESS_MIN_ENTRIES) showProgress(progress, abort);
  if (papers.length >= CONTAIN_MIN_ENTRIES) containEntries(papers.map((p) => p.element), abort);

  abort.addEventListener('abort', () => {
    observer.disconnect();
    viewing.disconnect();
    due.disconnect();
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
