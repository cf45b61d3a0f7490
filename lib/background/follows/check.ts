/**
 * One check of followed researchers for new papers, and the rules around it:
 *
 * - One OpenAlex list call per 100 researchers (`worksByAuthorsSince`, narrowed to this year's
 *   works — last year's too in early January — and paged only past 100 works).
 * - Each group's results are stored as soon as they arrive, papers before watermarks, so a
 *   worker killed mid-check loses nothing and the rerun repeats nothing (detection is
 *   idempotent by work id).
 * - A group whose answer is malformed is split in halves until the researcher at fault is
 *   isolated: one researcher's bad data never blocks the others.
 * - A spent daily budget stops the check until the reset time OpenAlex gave (never past the next
 *   UTC midnight and a margin; a new key ends it at once); rate limits, 5xx and being offline
 *   stop it until a backoff time (scheduled checks wait; "Check now" tries).
 * - Only one check runs at a time (in-worker queue plus a lease in `storage.session`); a
 *   request arriving during a check runs once after it, covering everything asked meanwhile.
 */
import { allowanceBackAt } from '../catalog/allowance';
import type { AlertWork, OpenAlexClient } from '../catalog/openalex';
import { CatalogError } from '../../catalog/types';
import { detectNewWorks, inboxKey, utcDay } from './detect';
import type { Lease } from './lease';
import type { CheckProblem, FollowEntry, InboxEntry } from '../../shared/follows/model';
import type { FollowStore } from './store';
import { OPENALEX_MAX_OR_VALUES } from '../../shared/limits';

/**
 * Works are asked for from the publication year of this long ago: a preprint's year is the
 * year it was posted, and OpenAlex creates records within days, so a January check still
 * sees December's papers without walking a whole extra year every time.
 */
const YEAR_LOOKBACK_MS = 45 * 86_400_000;
/**
 * Extra list calls a check may spend isolating researchers with malformed data (one bad
 * researcher among 100 takes about 14): a catalog failing for everyone must not eat the budget.
 */
const MAX_SPLIT_CALLS = 16;
/** Free singleton lookups per check for papers whose list entry cut the author list short. */
const MAX_RESOLVES = 20;
const BACKOFF_BASE_MS = 15 * 60_000;
const BACKOFF_CAP_MS = 6 * 3_600_000;

export type CheckTrigger = 'alarm' | 'manual' | 'follow';

export type CheckOutcome =
  | { ran: true; found: number; checked: number; error: CheckProblem | null }
  | { ran: false; reason: 'nobody' | 'busy' | 'budget' | 'backoff'; retryAt: number | null };

export interface CheckerDeps {
  openalex: Pick<OpenAlexClient, 'worksByAuthorsSince' | 'workByArxivId'>;
  store: FollowStore;
  lease: Lease;
  /** Shows what the check found (not yet notified); told which researchers they are by. */
  notify: (papers: InboxEntry[], follows: FollowEntry[]) => Promise<void>;
  now?: () => number;
}

interface Request {
  trigger: CheckTrigger;
  /** Researchers to check; null = everyone. */
  ids: Set<string> | null;
}

/** Malformed answers (and 4xx other than 429) say something about the data asked for, not the connection. */
function isBadData(e: unknown): e is CatalogError {
  if (!(e instanceof CatalogError)) return false;
  if (e.kind === 'invalid-response' || e.kind === 'not-found') return true;
  return e.kind === 'http' && e.status !== null && e.status >= 400 && e.status < 500 && e.status !== 429;
}

function problemOf(e: unknown, at: number): CheckProblem {
  if (e instanceof CatalogError) return { kind: e.kind, message: e.message, at };
  return { kind: 'internal', message: e instanceof Error ? e.message : String(e), at };
}

function backoff(failures: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createChecker({ openalex, store, lease, notify, now = Date.now }: CheckerDeps) {
  let running: Promise<CheckOutcome> | null = null;
  let queued: { request: Request; done: Promise<CheckOutcome>; resolve: (o: CheckOutcome) => void; reject: (e: unknown) => void } | null = null;

  interface GroupRun {
    sinceYear: number;
    /** Researchers whose data could not be read (bare A id → message). */
    problems: Record<string, string>;
    splitsLeft: number;
    resolvesLeft: number;
  }

  /** Works of `group` (bare A ids), splitting the group when the answer is malformed. */
  async function fetchGroup(group: string[], run: GroupRun): Promise<AlertWork[]> {
    try {
      return (await openalex.worksByAuthorsSince(group, run.sinceYear)).works;
    } catch (e) {
      if (!isBadData(e)) throw e;
      if (group.length === 1 || run.splitsLeft < 2) {
        for (const id of group) run.problems[id] = e.message;
        return [];
      }
      run.splitsLeft -= 2;
      const half = Math.ceil(group.length / 2);
      const first = await fetchGroup(group.slice(0, half), run);
      return [...first, ...(await fetchGroup(group.slice(half), run))];
    }
  }

  /**
   * List results stop at 100 authorships: for a paper that might be new and names none of the
   * group in its first 100, the free singleton lookup gives the full author list.
   */
  async function attributeTruncated(works: AlertWork[], group: FollowEntry[], run: GroupRun): Promise<AlertWork[]> {
    const ids = new Set(group.map((e) => e.id));
    const windows = group.flatMap((e) => (e.checkedAt === null ? [] : [utcDay(e.checkedAt)]));
    if (!windows.length) return works;
    const from = windows.reduce((a, b) => (a < b ? a : b));
    return Promise.all(works.map(async (w) => {
      const unattributed = w.authorsTruncated && !w.authorIds.some((id) => ids.has(id));
      if (!unattributed || !w.arxivId || !w.createdDate || w.createdDate < from || run.resolvesLeft <= 0) return w;
      run.resolvesLeft--;
      try {
        const record = await openalex.workByArxivId(w.arxivId);
        return { ...w, authorIds: record.authors.flatMap((a) => (a.openalexId ? [a.openalexId] : [])) };
      } catch {
        return w; // stays unattributed: a lookup failure must not fail the group
      }
    }));
  }

  /** Stores one group's results: its researchers' new papers, then their watermarks. */
  async function storeGroup(groupIds: Set<string>, works: AlertWork[], startedAt: number): Promise<number> {
    const found = await store.update(({ follows, inbox }) => {
      // Researchers unfollowed while their group was in flight are left out.
      const checked = follows.filter((f) => groupIds.has(f.id));
      if (!checked.length) return null;
      const d = detectNewWorks(checked, works, inbox, startedAt);
      return {
        data: { follows: follows.map((f) => d.follows.get(f.id) ?? f), inbox: d.inbox ?? inbox },
        result: d.found.length,
      };
    });
    return found ?? 0;
  }

  /** Notifies (once) about every stored paper not yet covered by a notification. */
  async function notifyPending(): Promise<void> {
    const { follows, inbox } = await store.read();
    const pending = inbox.filter((p) => !p.notified);
    if (!pending.length) return;
    await notify(pending, follows);
    // By key, and by arXiv id: a record may have taken over a same-day entry meanwhile (new key).
    const done = new Set(pending.flatMap((p) => [inboxKey(p), ...(p.arxivId ? [`arXiv:${p.arxivId}`] : [])]));
    const covered = (p: InboxEntry) => done.has(inboxKey(p)) || (p.arxivId !== null && done.has(`arXiv:${p.arxivId}`));
    await store.update((data) => ({
      data: { ...data, inbox: data.inbox.map((p) => (!p.notified && covered(p) ? { ...p, notified: true } : p)) },
      result: null,
    }));
  }

  async function execute({ trigger, ids }: Request): Promise<CheckOutcome> {
    const status = await store.readStatus();
    const t = now();
    const spent = status.error?.kind === 'budget-exhausted';
    // Clamped here too: a pause stored before the clamp existed ends like a new one.
    const retryAt = spent && status.retryAt !== null ? allowanceBackAt(status.retryAt, status.error!.at) : status.retryAt;
    const waiting = retryAt !== null && retryAt > t;
    if (waiting && spent) return { ran: false, reason: 'budget', retryAt };
    if (waiting && trigger === 'alarm') return { ran: false, reason: 'backoff', retryAt };

    const { follows } = await store.read();
    const targets = follows.filter((f) => !ids || ids.has(f.id));
    if (!targets.length) return { ran: false, reason: 'nobody', retryAt: null };
    if (!(await lease.acquire())) return { ran: false, reason: 'busy', retryAt: null };

    const startedAt = now();
    const run: GroupRun = {
      sinceYear: new Date(startedAt - YEAR_LOOKBACK_MS).getUTCFullYear(),
      problems: {},
      splitsLeft: MAX_SPLIT_CALLS,
      resolvesLeft: MAX_RESOLVES,
    };
    let found = 0;
    let stop: unknown = null;
    try {
      for (const group of chunk(targets, OPENALEX_MAX_OR_VALUES)) {
        try {
          const groupIds = group.map((e) => e.id);
          const works = await attributeTruncated(await fetchGroup(groupIds, run), group, run);
          found += await storeGroup(new Set(groupIds.filter((id) => !(id in run.problems))), works, startedAt);
        } catch (e) {
          stop = e; // budget, rate limit, 5xx, offline: the next groups would fail the same way
          break;
        }
        await lease.acquire();
      }
      await notifyPending().catch((e: unknown) => console.warn('Weft: could not notify about new papers', e));
    } finally {
      await lease.release();
    }

    const end = now();
    const error = stop ? problemOf(stop, end) : null;
    const complete = !stop && !ids;
    await store.updateStatus((s) => {
      const kept = Object.fromEntries(Object.entries(s.problems).filter(([id]) => !targets.some((f) => f.id === id)));
      const failures = stop && !(stop instanceof CatalogError && stop.kind === 'budget-exhausted') ? s.failures + 1 : 0;
      const retryAt = !stop ? null : stop instanceof CatalogError && stop.kind === 'budget-exhausted' && stop.retryAt ? allowanceBackAt(stop.retryAt, end) : end + backoff(failures);
      return {
        lastRunAt: end,
        lastSuccessAt: complete ? end : s.lastSuccessAt,
        error,
        problems: { ...kept, ...run.problems },
        retryAt,
        failures,
        lastFound: found,
      };
    });
    return { ran: true, found, checked: targets.length, error };
  }

  function start(request: Request): Promise<CheckOutcome> {
    const run = execute(request).finally(() => {
      running = null;
      const next = queued;
      queued = null;
      if (next) start(next.request).then(next.resolve, next.reject);
    });
    running = run;
    return run;
  }

  /**
   * Checks `ids` (everyone when omitted). During a check, requests are merged into one that
   * runs right after it; the promise settles when the run covering this request has finished.
   */
  function check(trigger: CheckTrigger, ids?: readonly string[]): Promise<CheckOutcome> {
    const request: Request = { trigger, ids: ids ? new Set(ids) : null };
    if (!running) return start(request);
    if (!queued) {
      let resolve!: (o: CheckOutcome) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<CheckOutcome>((res, rej) => ((resolve = res), (reject = rej)));
      queued = { request, done, resolve, reject };
    } else {
      const q = queued.request;
      q.ids = q.ids && request.ids ? new Set([...q.ids, ...request.ids]) : null;
      if (q.trigger !== 'manual') q.trigger = request.trigger === 'alarm' ? q.trigger : request.trigger;
    }
    return queued.done;
  }

  return {
    check,
    /** Notifies about stored papers no notification covered yet (a same-day read's, for one). */
    notifyPending: () => notifyPending(),
  };
}

export type Checker = ReturnType<typeof createChecker>;
