/**
 * The author-profile state of a listing or search page: thousands of entries, of which the
 * reader looks at a few screens. Pure state and scheduling (no DOM): the listing-badges feature
 * says which entries came near the viewport; this decides what to ask the background, in as few
 * requests as the catalogs allow, and holds every badge's state.
 *
 * What is asked when an entry comes near (identity/paper-batches.ts does the rest):
 *   - the entries near the viewport, answered in full;
 *   - `ahead`: the entries after them whose authors fill the next author call (`upcoming`, with
 *     their authors: papers no catalog has yet are identified before the reader gets there), and, once the
 *     resolved part of the page runs short, the next block of entries to resolve — 100 at first,
 *     doubling as the reader keeps scrolling (up to one Semantic Scholar batch, 500), so a glance
 *     at the first screen costs a call or three and a read to the end about one call per 100
 *     papers and per 100 authors. Entries never approached are never asked for.
 */
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { PagePaper } from '../arxiv/page-model';
import type { Candidate } from '../catalog/identity';
import type { Published } from '../catalog/published';
import type { BatchAnswer, PaperAnswer, SlotAnswer } from '../background/identity/paper-batches';
import { RemoteError, type ask as askBackground } from './client';
import { candidatesFor, IDENTIFYING, paperAuthorsRequest, type AuthorEntry, type BadgeState } from './author-profiles';
import { FILL_AHEAD, MAX_BATCH_PAPERS, MAX_ENTRY_AUTHORS, OPENALEX_MAX_OR_VALUES } from '../shared/limits';
import { capNames, notLoadedEntry } from './caps';
import { failureOf } from './describe-failure';

type Ask = typeof askBackground;

/** When fewer resolved entries than this are left below the near ones, the next block is resolved. */
export const RESOLVE_AHEAD = 60;
/** Waits this long for entries that come near in the same scroll before asking. */
const GATHER_MS = 16;
/**
 * Entries this far above the first one coming near, still waiting for their answers, have been
 * scrolled past: the background lets their lookups wait for the work ahead (docs/performance.md,
 * Priorities). About three screens of a listing.
 */
export const PASSED_ENTRIES = 20;

type Status = 'new' | 'asked' | 'done' | 'failed';
/** How soon the reader looks at entries asked for: the page's first screen, in view, or the next screen. */
type Urgency = 'first' | 'view' | 'near';

export interface ListingProgress {
  /** Entries the page has. */
  total: number;
  /** Entries asked for whose badges have settled (ready, no profile, failed). */
  settled: number;
  /** Entries whose answer is awaited. */
  loading: number;
}

export interface ListingOptions {
  /** The reader's quiet listing: only followed researchers' figures. */
  onlyFollowed: boolean;
  /** Milliseconds to gather near entries before asking (tests use 0). */
  gatherMs?: number;
}

function stateOf(slot: SlotAnswer, fetchedAt: number): BadgeState {
  switch (slot.state) {
    case 'ready':
      return {
        kind: 'ready',
        metrics: slot.metrics,
        paperInstitutions: slot.institutions,
        s2Id: slot.s2Id ?? slot.metrics.s2Id,
        fetchedAt,
        refreshFailed: false,
        match: slot.match,
        // Listings carry OpenAlex's figures only (one batch per hundred authors).
        s2: null,
        identity: slot.identity ?? { match: slot.match, openalexId: slot.metrics.openalexId, s2Id: slot.s2Id, evidence: [], candidates: [], note: null },
      };
    case 'error':
      return { kind: 'error', failure: slot.error };
    case 'unmatched':
      return { kind: 'unmatched', identity: slot.identity ?? null };
    case 'not-followed':
      return { kind: 'unmatched', identity: null };
  }
}

/** `list` in requests of MAX_BATCH_PAPERS at most. */
const inBatches = (list: number[]): number[][] =>
  Array.from({ length: Math.ceil(list.length / MAX_BATCH_PAPERS) }, (_, i) => list.slice(i * MAX_BATCH_PAPERS, (i + 1) * MAX_BATCH_PAPERS));

const errorState = (e: unknown): BadgeState => ({ kind: 'error', failure: failureOf(e) });

export function createListingProfiles(papers: readonly PagePaper[], ask: Ask, { onlyFollowed, gatherMs = GATHER_MS }: ListingOptions) {
  const n = papers.length;
  const status: Status[] = new Array<Status>(n).fill('new');
  /** Sent once (near or ahead): the background knows its work. */
  const resolved = new Uint8Array(n);
  /** Sent with their authors (near or upcoming): the background has their identities in hand. */
  const introduced = new Uint8Array(n);
  /** Resolved ahead, and OpenAlex has no record of it: maybe a paper no catalog has yet. */
  const unindexed = new Uint8Array(n);
  /** Asked for again as in view (`seen`). */
  const raised = new Uint8Array(n);
  /** Entries reached, waiting to be raised together. */
  const reached = new Set<number>();
  let raiseTimer: ReturnType<typeof setTimeout> | undefined;
  /** Reported as scrolled past while its answer was on the way. */
  const passed = new Uint8Array(n);
  const positions = new Map<string, number[]>();
  papers.forEach((p, k) => positions.set(p.arxivId, [...(positions.get(p.arxivId) ?? []), k]));
  /** Each entry's author badges, made when it first comes near. */
  const byPaper: (AuthorEntry[] | undefined)[] = new Array<AuthorEntry[] | undefined>(n);
  /** Every badge of the page, by its page-wide index (the card layer addresses them so). */
  const all: AuthorEntry[] = [];
  /** Each badge's entry, by page-wide index. */
  const paperOf: number[] = [];
  const near = new Set<number>();
  /** Entries among `near` that were in the viewport when they came: what the reader waits for. */
  const inView = new Set<number>();
  /** No entry was in view yet when asked for: the next ones in view are the page's first screen. */
  let firstScreen = true;
  /** Settles when entry k's answer (or failure) has been applied. */
  const answered = new Map<number, { promise: Promise<void>; resolve: () => void }>();
  const answeredOf = (k: number) => {
    let a = answered.get(k);
    if (!a) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      a = { promise, resolve };
      answered.set(k, a);
    }
    return a;
  };
  /** Each entry's version of record as its answer names it: undefined until answered, null when none is named or the answer failed. */
  const published: (Signal<Published | null | undefined> | undefined)[] = new Array<Signal<Published | null | undefined> | undefined>(n);
  const publishedOf = (k: number) => (published[k] ??= signal<Published | null | undefined>(undefined));
  let blocks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const progress = signal<ListingProgress>({ total: n, settled: 0, loading: 0 });
  let disposed = false;

  const count = () => {
    let settled = 0;
    let loading = 0;
    for (const s of status) {
      if (s === 'done' || s === 'failed') settled++;
      else if (s === 'asked') loading++;
    }
    progress.value = { total: n, settled, loading };
  };

  /** The badges of entry `k`, made on first use (its author list is read then). */
  function entriesOf(k: number): AuthorEntry[] {
    let entries = byPaper[k];
    if (!entries) {
      entries = papers[k]!.authors.map((a) => {
        // Past the cap an author is not sent (lib/ui/caps.ts): their badge says so.
        const state = signal<BadgeState>(a.index >= MAX_ENTRY_AUTHORS ? { kind: 'idle', reason: notLoadedEntry() } : unindexed[k] ? IDENTIFYING : { kind: 'loading' });
        const entry: AuthorEntry = { index: all.length, position: signal(a.index), name: a.name, lazy: false, state };
        all.push(entry);
        paperOf.push(k);
        return entry;
      });
      byPaper[k] = entries;
    }
    return entries;
  }

  /**
   * Applies entry k's answer. `again`: an entry answered before, asked for again: only the badges
   * whose state changed are set (each one set is drawn again, and a long page's frames are dear).
   */
  function apply(k: number, answer: PaperAnswer, again = false): void {
    const entries = entriesOf(k);
    if ('identifying' in answer) {
      // Answered before its authors were identified, so the entries asked with it need not wait:
      // asked again (applyAll; the background joins the work under way).
      batch(() => {
        for (const e of entries) if (e.state.value.kind === 'loading') e.state.value = IDENTIFYING;
      });
      return;
    }
    batch(() => {
      if ('error' in answer) {
        const state = errorState(new RemoteError(answer.error));
        for (const e of entries.slice(0, MAX_ENTRY_AUTHORS)) e.state.value = state;
        publishedOf(k).value = null;
        status[k] = 'failed';
        return;
      }
      const named = answer.published ?? null;
      if (!again || JSON.stringify(named) !== JSON.stringify(publishedOf(k).peek())) publishedOf(k).value = named;
      entries.forEach((e, i) => {
        if (i >= MAX_ENTRY_AUTHORS) return;
        const slot = answer.slots[i];
        const next: BadgeState = slot ? stateOf(slot, answer.fetchedAt) : { kind: 'unmatched', identity: null };
        if (!again || JSON.stringify(next) !== JSON.stringify(e.state.peek())) e.state.value = next;
      });
      status[k] = 'done';
    });
    answeredOf(k).resolve();
  }

  /** The entries after `last` to resolve or use as filler, nearest first. */
  function aheadOf(last: number, unresolvedNear: number): number[] {
    let firstUnresolved = -1;
    for (let j = last + 1; j < n; j++) {
      if (!resolved[j]) {
        firstUnresolved = j;
        break;
      }
    }
    const resolve = unresolvedNear > 0 || (firstUnresolved >= 0 && firstUnresolved - last <= RESOLVE_AHEAD);
    // Resolved in whole DOI calls: the near entries and the block together fill them.
    const growing = Math.min(MAX_BATCH_PAPERS, OPENALEX_MAX_OR_VALUES * 2 ** blocks);
    const target = resolve ? Math.max(growing, Math.ceil(unresolvedNear / OPENALEX_MAX_OR_VALUES) * OPENALEX_MAX_OR_VALUES) : 0;
    if (resolve) blocks++;
    const out: number[] = [];
    let unresolved = unresolvedNear;
    let fillers = 0;
    for (let j = last + 1; j < n && out.length < MAX_BATCH_PAPERS; j++) {
      if (status[j] !== 'new') continue;
      const fill = fillers < FILL_AHEAD;
      const block = !resolved[j] && unresolved < target;
      if (!fill && !block) {
        if (unresolved >= target) break;
        continue;
      }
      out.push(j);
      fillers++;
      if (!resolved[j]) unresolved++;
    }
    return out;
  }

  const listed = (k: number) => ({ arxivId: papers[k]!.arxivId, names: capNames(entriesOf(k).map((e) => e.name), 'entry'), category: papers[k]!.primaryCategory });

  /**
   * The entries to introduce with their authors: a whole block once a quarter of the next ones
   * are new to the background, so new papers are identified many at a time, not a few per
   * scroll, and their lookups never run dry while the reader is still well behind them. Never
   * more, whatever is known of the entries further down: what a reading introduces depends on
   * where the reader is, not on how soon answers came, so reading the page again asks for
   * nothing the first reading did not.
   */
  function upcomingOf(last: number): number[] {
    const next: number[] = [];
    for (let j = last + 1; j < n && next.length < FILL_AHEAD; j++) if (status[j] === 'new') next.push(j);
    const unseen = next.filter((k) => !introduced[k]).length;
    if (unseen === 0 || unseen * 4 < next.length) return [];
    const block: number[] = [];
    for (let j = last + 1; j < n && block.length < FILL_AHEAD; j++) if (status[j] === 'new' && !introduced[j]) block.push(j);
    for (const k of block) introduced[k] = 1;
    return block;
  }

  /** Tells the background which entries above `before`, still loading, the reader has left behind. */
  function reportPassed(before: number): void {
    const ids: string[] = [];
    for (let k = 0; k < before && ids.length < MAX_BATCH_PAPERS; k++) {
      if (status[k] !== 'asked' || passed[k]) continue;
      passed[k] = 1;
      ids.push(papers[k]!.arxivId);
    }
    if (ids.length) void ask({ type: 'papers-passed', ids }).catch(() => undefined);
  }

  /** Applies a `papers-authors` answer to the entries `part` it was asked for. */
  function applyAll(part: number[], answer: BatchAnswer, urgency: Urgency): void {
    if (disposed) return;
    // Papers OpenAlex lacks are being identified from evidence: their badges say so.
    batch(() => {
      for (const id of answer.unindexed) {
        for (const k of positions.get(id) ?? []) {
          unindexed[k] = 1;
          for (const e of byPaper[k] ?? []) if (e.state.value.kind === 'loading') e.state.value = IDENTIFYING;
        }
      }
    });
    part.forEach((k, i) => {
      const a = answer.papers[i];
      if (a && status[k] === 'asked') apply(k, a);
    });
    // The new papers answered `identifying`, asked for again together, apart from those with a record.
    const again = part.filter((k, i) => status[k] === 'asked' && answer.papers[i] && 'identifying' in answer.papers[i]!);
    if (again.length) request(again, urgency);
    count();
  }

  /**
   * Entries asked for as the next screen's that the reader reached before their answers: asked
   * again as in view. The background joins the work under way and raises it (pacer.ts
   * priorities); whichever answer comes first is shown.
   */
  function raiseSeen(): void {
    raiseTimer = undefined;
    const part = [...reached].filter((k) => status[k] === 'asked');
    reached.clear();
    if (!part.length) return;
    void ask({ type: 'papers-authors', papers: part.map(listed), ahead: [], upcoming: [], onlyFollowed, inView: true }).then(
      (answer) => applyAll(part, answer, 'view'),
      () => undefined, // the first request's answer (or its error) still comes
    );
  }

  /** Asks for the entries `part` (with `ahead` and `upcoming` when given); an answer or failure settles them. */
  function request(part: number[], urgency: Urgency, ahead: number[] = [], upcoming: number[] = []): void {
    const message = {
      type: 'papers-authors' as const,
      papers: part.map(listed),
      ahead: ahead.map((k) => papers[k]!.arxivId),
      upcoming: upcoming.map(listed),
      onlyFollowed,
      inView: urgency !== 'near',
      firstScreen: urgency === 'first',
    };
    void ask(message).then(
      (answer) => applyAll(part, answer, urgency),
      (e: unknown) => {
        if (disposed) return;
        const state = errorState(e);
        // Entries a later request (`seen`) answered meanwhile keep their answers.
        const failed = part.filter((k) => status[k] === 'asked');
        batch(() => {
          for (const k of failed) {
            for (const entry of entriesOf(k).slice(0, MAX_ENTRY_AUTHORS)) entry.state.value = state;
            publishedOf(k).value = null;
            status[k] = 'failed';
          }
        });
        for (const k of failed) answeredOf(k).resolve();
        count();
      },
    );
  }

  /**
   * Asks again for entries already answered (a correction, a Refresh), together: what they show
   * stays until the new answer comes, and stays if it fails. Those answered `identifying` are
   * asked for again apart from the rest, as on first asking.
   */
  async function reask(ks: number[]): Promise<void> {
    const done = ks.filter((k) => status[k] === 'done');
    await Promise.all(inBatches(done).map(async (part) => {
      const answer = await ask({ type: 'papers-authors', papers: part.map(listed), ahead: [], upcoming: [], onlyFollowed, inView: true });
      if (disposed) return;
      const again = part.filter((k, i) => {
        const a = answer.papers[i];
        if (a && 'slots' in a) apply(k, a, true);
        return !!a && 'identifying' in a;
      });
      if (again.length && again.length < part.length) await reask(again);
    }));
  }

  async function send(): Promise<void> {
    timer = undefined;
    const wanted = [...near].filter((k) => status[k] === 'new').sort((a, b) => a - b);
    const seen = new Set(inView);
    near.clear();
    inView.clear();
    if (!wanted.length) return;
    reportPassed(wanted[0]! - PASSED_ENTRIES);
    const last = wanted[wanted.length - 1]!;
    const upcoming = upcomingOf(last);
    const ahead = aheadOf(last, wanted.filter((k) => !resolved[k]).length);
    // The upcoming block is resolved with the rest: the background tells its new papers so.
    for (const k of upcoming) if (ahead.length < MAX_BATCH_PAPERS && !ahead.includes(k)) ahead.push(k);
    for (const k of wanted) {
      status[k] = 'asked';
      resolved[k] = 1;
      introduced[k] = 1;
    }
    for (const k of ahead) resolved[k] = 1;
    count();
    // What the reader sees goes first and on its own; the next screen's entries after it, with
    // the work ahead of them.
    const parts = [wanted.filter((k) => seen.has(k)), wanted.filter((k) => !seen.has(k))].flatMap(inBatches);
    // The entries in view when the page opened are its first screen: most urgent of all.
    const inViewNow = firstScreen ? 'first' : 'view';
    if (seen.size) firstScreen = false;
    parts.forEach((part, i) => {
      const furthest = i === parts.length - 1;
      request(part, seen.has(part[0]!) ? inViewNow : 'near', furthest ? ahead : [], furthest ? upcoming : []);
    });
  }

  return {
    /** Every badge made so far, by page-wide index. */
    all,
    entriesOf,
    progress: progress as ReadonlySignal<ListingProgress>,

    /**
     * Entry `k` came near the viewport (`visible`: into it): its badges load (once), together
     * with others near, those in view before the next screen's.
     */
    near(k: number, visible = true): void {
      entriesOf(k);
      if (status[k] !== 'new') return;
      near.add(k);
      if (visible) inView.add(k);
      if (gatherMs <= 0) void send();
      else timer ??= setTimeout(() => void send(), gatherMs);
    },

    /** Entry `k`, asked for while near, came into the viewport: if it is still loading, it is raised. */
    seen(k: number): void {
      if (status[k] !== 'asked' || raised[k]) return;
      raised[k] = 1;
      reached.add(k);
      if (gatherMs <= 0) raiseSeen();
      else raiseTimer ??= setTimeout(raiseSeen, gatherMs);
    },

    /** The version of record entry `k`'s answer names: undefined until it is answered, null when it names none or failed. */
    published: (k: number): ReadonlySignal<Published | null | undefined> => publishedOf(k),

    /** Settles once entry `k` has its answer (or its failure). */
    answered: (k: number): Promise<void> => answeredOf(k).promise,

    /** Asks again for the entries that failed (all of them: a failure is rarely about one paper). */
    retry(): Promise<void> {
      batch(() => {
        status.forEach((s, k) => {
          if (s !== 'failed') return;
          status[k] = 'new';
          near.add(k);
          inView.add(k);
          for (const e of entriesOf(k).slice(0, MAX_ENTRY_AUTHORS)) e.state.value = { kind: 'loading' };
        });
      });
      return send();
    },

    /** Asks again for every entry answered (a correction made on another page or card may change any of them). */
    reload: (): Promise<void> => reask(status.flatMap((s, k) => (s === 'done' ? [k] : []))),

    /**
     * The reader's "Refresh" on a card: the entry's paper and its authors' numbers from the
     * catalogs again, bypassing the cache (the abs page's request, which the background limits
     * to once a minute per paper and which writes the cache listings read), then the entry anew.
     */
    async refresh(indices: number[]): Promise<void> {
      const ks = [...new Set(indices.map((index) => paperOf[index]!))];
      await Promise.all(ks.map((k) => {
        const { arxivId, names } = listed(k);
        return ask({ ...paperAuthorsRequest(arxivId, names, names.length), revalidate: true });
      }));
      await reask(ks);
    },

    /** The profiles a reader may choose from for badge `index`. */
    candidates(index: number): Promise<Candidate[]> {
      const state = all[index]!.state.peek();
      return candidatesFor(ask, all[index]!.name, state.kind === 'ready' || state.kind === 'unmatched' ? state.identity : null);
    },

    /**
     * The reader's choice for badge `index`: a profile, or none; applied at once. Kept, as on
     * the abs page, for that author's position in the paper's list (the background announces it,
     * and every page showing the paper asks again).
     */
    async correct(index: number, openalexId: string | null, everywhere: boolean): Promise<void> {
      const { arxivId, names } = listed(paperOf[index]!);
      const { identity, metrics } = await ask({ type: 'author-correct', arxivId, index: all[index]!.position.peek()!, names, openalexId, everywhere });
      const slot: SlotAnswer = metrics ? { state: 'ready', match: 'reader', metrics, institutions: [], s2Id: identity.s2Id, identity } : { state: 'unmatched', identity };
      all[index]!.state.value = stateOf(slot, Date.now());
    },

    /** Takes the reader's correction of badge `index` back (Undo), and asks for its entry again. */
    async uncorrect(index: number): Promise<void> {
      const k = paperOf[index]!;
      await ask({ type: 'author-uncorrect', arxivId: papers[k]!.arxivId, index: all[index]!.position.peek()!, undo: true });
      await reask([k]);
    },

    dispose(): void {
      disposed = true;
      clearTimeout(timer);
      clearTimeout(raiseTimer);
    },
  };
}

export type ListingProfiles = ReturnType<typeof createListingProfiles>;
