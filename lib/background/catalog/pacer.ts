/**
 * Admission to one catalog host: how many requests may be open at once, how many may reach the
 * host in any one second, and in which order waiting requests go (docs/performance.md, Pacing).
 *
 * The catalogs count requests as they arrive: OpenAlex answers a keyless client's 11th request
 * within any 1 s window with a 429, Semantic Scholar's keyless pool its 2nd (docs/catalog-apis.md,
 * Keys, credits and the daily allowance; Keys and the shared pool). A client only knows when it
 * sent a request and when the answer came; the host's arrival time lies somewhere between, and a
 * busy browser can hold a request for a long while before it leaves. So each request holds one of
 * the second's places from its sending until one second after its answer came (or it ended
 * without one), and a new request goes out only while fewer than the cap are held: the host can
 * never count more than its cap in any second, however late requests reach it. The price is a
 * pace a little under the cap (a place is held for the answer's time too). For a host whose
 * answers take long and whose requests are few (Semantic Scholar: one a second, answers up to
 * 1.2 s), that price is most of a second per request: there `deliveryMs` bounds how long after
 * its sending a request is taken to reach the host, and the place is held until one second after
 * the earlier of its answer and that bound.
 *
 * A 429 that comes all the same (another client on the same address, or Semantic Scholar's
 * shared pool) pauses the host for what it asked and slows the pace for a while; it never
 * freezes the host. Waiting is not failing: a request fails with `timeout` only when the host
 * stopped answering (nothing came back for `stallMs` while requests were open), not because the
 * queue was long.
 *
 * Priorities are read when a place frees up, so a lookup that became urgent while it waited (the
 * reader scrolled to it) goes before those that did not. Equal priorities go in arrival order.
 */
import { CatalogError } from '../../catalog/types';

/** Larger goes first. A box may be raised while its requests wait (see `raise`). */
export type Priority = number | PriorityBox;
export interface PriorityBox {
  value: number;
}

/** What the requests are for, from the most urgent (docs/performance.md, Priorities). */
export const PRIORITY = {
  /** A listing's first screen, in view before the reader scrolled: the others keep to a share of the host (OTHERS_WHILE_FIRST). */
  first: 50,
  /** What the reader is looking at: an abs page, the popup, a listing's entries in view. */
  view: 40,
  /** A listing's entries near the viewport, the next screen. */
  near: 30,
  /** Work ahead of the reader: entries further down a listing; the nearest block the highest. */
  ahead: 20,
  /** A listing's entries the reader scrolled far past before their answers came. */
  passed: 10,
  /** Nobody waits for it: refreshing stale answers, checks for followed researchers. */
  background: 0,
} as const;

export const priorityOf = (p: Priority | undefined): number => (p === undefined ? PRIORITY.view : typeof p === 'number' ? p : p.value);

/**
 * A listing's batch call (works by DOI, authors by id: a hundred entries in one request) at its
 * callers' priority `p`: from the look-ahead to the viewport, above every single lookup but the
 * first screen's (ahead 41, near 45, view 49), in their order; the first screen's half a class
 * above its lookups; work below the look-ahead half a class above its own. On a skimmed
 * 2,000-entry listing the lookups of the new papers in view (their names, shared works) filled
 * OpenAlex's cap, and the few calls that answer every entry with a record waited seconds behind
 * them: the entries after them came into view still loading (docs/performance.md, Priorities).
 */
export function batchPriority(p: number): number {
  const half = (PRIORITY.view - PRIORITY.near) / 2;
  if (p >= PRIORITY.first || p < PRIORITY.ahead) return p + half;
  const span = PRIORITY.first - PRIORITY.view - 2;
  return PRIORITY.view + 1 + ((Math.min(p, PRIORITY.view) - PRIORITY.ahead) / (PRIORITY.view - PRIORITY.ahead)) * span;
}

/** `box`, read as a batch call's priority (it still follows the box as that is raised). */
export const asBatch = (box: PriorityBox): PriorityBox => ({
  get value() {
    return batchPriority(box.value);
  },
});

/** Raises a box (never lowers it): a more urgent caller joined work already waiting. */
export function raise(box: PriorityBox | undefined, to: number): void {
  if (box && box.value < to) box.value = to;
}

/**
 * Work under way at priorities that may rise while it runs (a read of names, a decision): whether
 * any of it is at least so urgent now.
 */
export function underWay() {
  const running = new Set<{ priority: Priority }>();
  return {
    /** Counts work at `priority` until the function returned is called. */
    start(priority: Priority): () => void {
      const mine = { priority };
      running.add(mine);
      return () => void running.delete(mine);
    },
    atLeast: (priority: number) => [...running].some((w) => priorityOf(w.priority) >= priority),
  };
}

/**
 * The priority of one load several callers wait for (a lookup the cache shares between them):
 * the highest of theirs, followed as each one's own box is raised. Raising it adds a part.
 */
export function sharedPriority(first: Priority): { box: PriorityBox; join: (p: Priority) => void } {
  const parts: Priority[] = [first];
  const box: PriorityBox = {
    get value() {
      return Math.max(...parts.map(priorityOf));
    },
    set value(to: number) {
      parts.push(to);
    },
  };
  return { box, join: (p) => void parts.push(p) };
}

export interface HostLimits {
  /** Requests open at once. */
  concurrency: number;
  /** Requests the host takes in any 1 s window, as it counts them. */
  perSecond: number;
  /** The longest time no answer may come back while requests are open before waiting ones fail. */
  stallMs: number;
  /** A request is taken to reach the host within this long of its sending (none: not before its answer). */
  deliveryMs?: number;
}

export interface PacerOptions {
  limits: HostLimits;
  now: () => number;
  /** Waits `ms` (tests advance a fake clock). */
  sleep: (ms: number) => Promise<void>;
  /** Arms the stall check (tests may keep real timers out). */
  setTimer?: (fn: () => void, ms: number) => () => void;
  label: string;
}

/** A request's place: tell it when the answer came, then give it back. */
export interface Permit {
  /** The answer's headers arrived at `at` (epoch ms). */
  answered(at: number): void;
  /** The request is over (answered or failed): its slot goes to the next. */
  release(): void;
}

interface Waiter {
  priority: Priority | undefined;
  seq: number;
  /** When it started waiting (its age lifts it, see `AGING`). */
  since: number;
  grant: (permit: Permit) => void;
}

/** How far one 429 slows the pace, the slowest it gets, and how fast it comes back (per second). */
const SLOW_FACTOR = 0.75;
const SLOWEST = 0.5;
const RECOVERY_PER_S = 0.05;
/**
 * Work below the look-ahead gains a point a second while it waits, up to just above the
 * look-ahead's lookups (still below its batch calls, and far below the next screen and the
 * viewport): under a saturated cap, papers the reader scrolled past before their answers came
 * (a collaboration of a hundred authors, say) and refreshes are served in turn, not never
 * (docs/performance.md, Priorities).
 */
export const AGING = { pointsPerSecond: 1, ceiling: PRIORITY.ahead + 1 } as const;
/** A waiter's priority now: its own, or what its age has lifted it to. */
export function agedPriority(priority: number, waitedMs: number): number {
  if (priority >= AGING.ceiling) return priority;
  return Math.min(AGING.ceiling, priority + (waitedMs / 1000) * AGING.pointsPerSecond);
}
/**
 * While a listing's first screen waits on a host (a request at `first` open there, or one ended
 * less than FIRST_STEP_MS ago: its next step follows the answer), requests below `first` hold at
 * most this share of the second's places. A new paper on a first screen takes about as many
 * requests as OpenAlex's keyless second has places (its names, then its shared works and
 * candidates' profiles, then its figures); with the next screen's lookups in them, each step
 * waited a second for places. Later screens do without: while the reader reads, the look-ahead
 * needs the whole cap to stay ahead (docs/performance.md, Pacing).
 */
export const OTHERS_WHILE_FIRST = 0.2;
/** How long after a request at `first` its next step is awaited: the worker's own time between steps, not a request's. */
const FIRST_STEP_MS = 300;
/** Clock granularity between the client and the host. */
const EPSILON_MS = 25;
const WINDOW_MS = 1000;

const defaultTimer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

export function createPacer({ limits, now, sleep, setTimer = defaultTimer, label }: PacerOptions) {
  let active = 0;
  let seq = 0;
  const waiting: Waiter[] = [];
  /** When each recent request stops counting against the window (may be in the future), and whether it was at `first`. */
  const held: { until: number; first: boolean }[] = [];
  /** Requests at `first` open, and until when a first screen counts as waiting on this host after the last one. */
  let firstOpen = 0;
  let firstUntil = 0;
  let pausedUntil = 0;
  /** The pace after the last 429, and when it came. */
  let slowedTo = 1;
  let slowedAt = 0;
  /** When the oldest request sent since the host last answered went out (null: none waits for an answer). */
  let unansweredSince: number | null = null;
  let wakeAt = Infinity;

  const paceFactor = (t: number) => Math.min(1, slowedTo + ((t - slowedAt) / 1000) * RECOVERY_PER_S);
  const cap = (t: number) => Math.max(1, Math.floor(limits.perSecond * paceFactor(t)));

  /** How long until a place is free among `places` of which at most `c` may be held (0: now). */
  const freeIn = (places: { until: number }[], c: number, t: number) => {
    if (places.length < c) return 0;
    const until = places.map((h) => h.until).sort((a, b) => a - b);
    return Math.max(1, until[places.length - c]! - t);
  };

  /**
   * 0 when a request at `priority` may be sent now, else how long until one may (Infinity: when
   * an answer comes).
   */
  function waitFor(t: number, priority: number): number {
    if (pausedUntil > t) return pausedUntil - t;
    for (let i = held.length - 1; i >= 0; i--) if (held[i]!.until <= t) held.splice(i, 1);
    const c = cap(t);
    const wait = freeIn(held, c, t);
    if (wait > 0 || priority >= PRIORITY.first || (firstOpen === 0 && firstUntil <= t)) return wait;
    // A first screen waits on this host: the others keep to their share (OTHERS_WHILE_FIRST).
    const others = freeIn(held.filter((h) => !h.first), Math.max(1, Math.floor(c * OTHERS_WHILE_FIRST)), t);
    return others === 0 ? 0 : firstOpen > 0 ? Math.max(1, others) : Math.max(1, Math.min(others, firstUntil - t));
  }

  /** The waiter to go next, and its priority now. */
  function best(t: number): { k: number; priority: number } {
    const effective = (w: Waiter) => agedPriority(priorityOf(w.priority), t - w.since);
    let k = 0;
    for (let i = 1; i < waiting.length; i++) {
      const a = effective(waiting[i]!);
      const b = effective(waiting[k]!);
      if (a > b || (a === b && waiting[i]!.seq < waiting[k]!.seq)) k = i;
    }
    return { k, priority: effective(waiting[k]!) };
  }

  /** Takes a slot and one of the second's places. */
  function take(priority: number): Permit {
    unansweredSince ??= now();
    active++;
    return permit(priority >= PRIORITY.first);
  }

  function pump(): void {
    while (waiting.length > 0 && active < limits.concurrency) {
      const t = now();
      const { k, priority } = best(t);
      const wait = waitFor(t, priority);
      if (wait > 0) {
        // A place held by a request still open frees up when its answer comes (pumped then).
        if (Number.isFinite(wait)) wake(t + wait);
        return;
      }
      const [next] = waiting.splice(k, 1);
      // Taken now, in this loop: the next turn of it must count this request.
      next!.grant(take(priority));
    }
  }

  /** Pumps again at `at` (one timer at a time, the earliest wanted). */
  function wake(at: number): void {
    if (at >= wakeAt) return;
    wakeAt = at;
    void sleep(Math.max(1, at - now())).then(() => {
      if (wakeAt === at) wakeAt = Infinity;
      pump();
    });
  }

  function permit(first: boolean): Permit {
    const place = { until: limits.deliveryMs === undefined ? Infinity : now() + limits.deliveryMs + WINDOW_MS + EPSILON_MS, first };
    held.push(place);
    if (first) firstOpen++;
    let released = false;
    return {
      answered(at) {
        place.until = Math.min(place.until, at + WINDOW_MS + EPSILON_MS);
        unansweredSince = null;
      },
      release() {
        if (released) return;
        released = true;
        // Ended without an answer (timed out, failed): it cannot reach the host any more.
        place.until = Math.min(place.until, now() + WINDOW_MS + EPSILON_MS);
        active--;
        if (first) {
          firstOpen--;
          firstUntil = Math.max(firstUntil, now() + FIRST_STEP_MS);
        }
        pump();
      },
    };
  }

  return {
    /**
     * A permit to send one request: at once when the host has room, else in priority order once
     * it has (`order`: a retry keeps the place its request had). Rejects with the caller's abort reason, or `timeout` when the host has stalled.
     */
    async acquire(priority: Priority | undefined, signal?: AbortSignal, order = seq++): Promise<Permit> {
      signal?.throwIfAborted();
      if (waiting.length === 0 && active < limits.concurrency && waitFor(now(), priorityOf(priority)) === 0) return take(priorityOf(priority));
      return new Promise<Permit>((resolve, reject) => {
        let disarm = () => {};
        const leave = (reason: unknown) => {
          disarm();
          signal?.removeEventListener('abort', onAbort);
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          reject(reason);
        };
        const onAbort = () => leave(signal!.reason);
        // Fails only when nothing came back for `stallMs` since requests went out: a hanging
        // host must not hold every tab, a long queue is no reason to give up.
        const check = () => {
          const silent = unansweredSince === null ? 0 : now() - unansweredSince;
          if (silent >= limits.stallMs) leave(new CatalogError('timeout', `${label}: no answer from the host for ${limits.stallMs} ms`));
          else disarm = setTimer(check, limits.stallMs - silent);
        };
        const waiter: Waiter = {
          priority,
          seq: order,
          since: now(),
          grant: (granted) => {
            disarm();
            signal?.removeEventListener('abort', onAbort);
            resolve(granted);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
        disarm = setTimer(check, limits.stallMs);
        pump();
      });
    },

    /**
     * The host refused a request for its rate: nothing more goes out before `until`, and the
     * pace slows, coming back over the next seconds.
     */
    refused(until: number): void {
      const t = now();
      slowedTo = Math.max(SLOWEST, paceFactor(t) * SLOW_FACTOR);
      slowedAt = t;
      pausedUntil = Math.max(pausedUntil, until);
      unansweredSince = null;
    },

    /** A place in the arrival order, kept by a request across its retries. */
    order: () => seq++,

    /** Requests this host takes per second now (for the figures). */
    pace: () => cap(now()),
  };
}

export type Pacer = ReturnType<typeof createPacer>;
