/**
 * Following researchers, as the background offers it: follow / unfollow, the state the popup
 * shows, marking papers seen, import, settings, checks, and the worker-lifecycle duties (alarm,
 * toolbar badge, notification clicks). The only writer of follow data.
 */
import type { OpenAlexClient } from '../catalog/openalex';
import { showUnseenCount } from './badge';
import { createChecker, type CheckOutcome, type CheckTrigger } from './check';
import { takeOver } from './detect';
import { cleanName, parseFollowFile, type ImportProblem } from '../../shared/follows/file';
import { createLease, type Lease } from './lease';
import {
  MAX_FOLLOWS,
  newCounts,
  SEEN_ARXIV_DAYS,
  unseenCount,
  type AlertSettings,
  type CheckProblem,
  type CheckStatus,
  type FollowEntry,
  type InboxEntry,
} from '../../shared/follows/model';
import { describeNotification, notificationsAllowed, showNotification } from './notify';
import { ensureAlarm, nextCheckAt, scheduleChecks, scheduleRetry } from './schedule';
import { followStore as defaultStore, type FollowStore, type Unfollowed } from './store';

/**
 * How long an unfollowed researcher is remembered as they were: following them again within
 * it (Undo) restores their watermark and seen works, keeps their unseen papers, and costs no
 * check — a follow/unfollow loop spends nothing from the OpenAlex allowance.
 */
const UNFOLLOW_KEPT_MS = 24 * 3_600_000;
/** First checks of follows made this close together run as one check (a burst costs one call per 100). */
const FIRST_CHECK_DELAY_MS = 300;

export interface FollowedResearcher {
  id: string;
  name: string;
  followedAt: number;
  /** When this researcher was last checked (epoch ms); null before the first check. */
  checkedAt: number | null;
  /** Unseen new papers by this researcher. */
  newCount: number;
  /** The last check could not read this researcher's works (the check status keeps why, for diagnosis). */
  unreadable: boolean;
}

export type NewPaper = Omit<InboxEntry, 'notified' | 'guessHidden'>;

export interface FollowsState {
  /** Most recently followed first. */
  follows: FollowedResearcher[];
  /** Unseen new papers, newest first. */
  inbox: NewPaper[];
  status: {
    lastRunAt: number | null;
    lastSuccessAt: number | null;
    error: CheckProblem | null;
    /** Scheduled checks wait until then (spent budget or backoff). */
    retryAt: number | null;
    lastFound: number;
    checking: boolean;
    nextCheckAt: number | null;
  };
  settings: AlertSettings;
  /** The optional `notifications` permission is granted. */
  notificationsAllowed: boolean;
}

/**
 * What same-day alerts (lib/background/same-day) add to following, wired in by the background's
 * deps: they learn about new follows, look up the papers they found after each check, and count
 * the topic matches that ring on Weft's icon.
 */
export interface FollowHooks {
  onFollowed?: (follows: FollowEntry[]) => Promise<void>;
  afterCheck?: (trigger: CheckTrigger) => Promise<void>;
  extraUnseen?: () => Promise<number>;
}

export type FollowResult = { followed: boolean; limitReached: boolean };

export type ImportResult = { ok: true; added: number; alreadyFollowed: number } | { ok: false; problem: ImportProblem };

export interface FollowServiceOptions {
  openalex: Pick<OpenAlexClient, 'worksByAuthorsSince' | 'workByArxivId'>;
  store?: FollowStore;
  lease?: Lease;
  now?: () => number;
  /** How long first checks wait for more follows to run with (`FIRST_CHECK_DELAY_MS`). */
  firstCheckDelayMs?: number;
  hooks?: FollowHooks;
}

/** The remembered unfollows that have not expired at `t`. */
function stillKept(unfollowed: Unfollowed[], t: number): Unfollowed[] {
  return unfollowed.filter((u) => t - u.at < UNFOLLOW_KEPT_MS);
}

/** The researchers a paper is for, counted or only guessed. */
const peopleOf = (p: InboxEntry) => [...p.authorIds, ...(p.guessFor ?? [])];

/**
 * Unseen papers by researchers in `wanted` (followed, or unfollowed lately and kept for undo);
 * the others go. The same array when nothing goes.
 */
function inboxOf(inbox: InboxEntry[], wanted: ReadonlySet<string>): InboxEntry[] {
  const kept = inbox.filter((p) => peopleOf(p).some((id) => wanted.has(id)));
  return kept.length === inbox.length ? inbox : kept;
}

/** `seen` without the days before `cutoff` (`YYYY-MM-DD`). */
const since = (seen: Record<string, string> | undefined, cutoff: string) => Object.fromEntries(Object.entries(seen ?? {}).filter(([, day]) => day >= cutoff));

export function createFollowService({ openalex, store = defaultStore, lease = createLease(), now = Date.now, firstCheckDelayMs = FIRST_CHECK_DELAY_MS, hooks = {} }: FollowServiceOptions) {
  async function notifyPapers(papers: InboxEntry[], follows: FollowEntry[]): Promise<void> {
    const settings = await store.readSettings();
    if (!settings.notify || !(await notificationsAllowed())) return;
    await showNotification(describeNotification(papers, follows));
  }

  const checker = createChecker({ openalex, store, lease, notify: notifyPapers, now });

  /** Researchers whose first check this worker owes (queued or running). */
  const owed = new Set<string>();
  /** The worker start's recovery of first checks a stopped worker left undone (`start`). */
  let recovered: Promise<void> = Promise.resolve();

  /** The catalog's record of same-day papers it has now: confirmed silently, or withdrawn. */
  async function recordTakesOver(arxivId: string, record: { id: string; authorIds: string[]; title: string; authorNames: string[] }): Promise<void> {
    await store.update(({ inbox }) => {
      const entry = inbox.find((p) => p.workId === null && p.arxivId === arxivId);
      if (!entry) return null;
      const w = { ...record, source: 'openalex' as const, arxivId, doi: null, year: entry.year, citedBy: null, catalogUrl: '', createdDate: null, authorsTruncated: false };
      const { entry: after } = takeOver(entry, w);
      return { data: { inbox: inbox.flatMap((p) => (p === entry ? (after ? [after] : []) : [p])) }, result: null };
    });
  }

  async function check(trigger: Parameters<typeof checker.check>[0], ids?: string[]): Promise<CheckOutcome> {
    // A check before the recovery would take a stopped worker's follow for a first check.
    await recovered;
    const outcome = await checker.check(trigger, ids);
    if (outcome.ran) await scheduleRetry((await store.readStatus()).retryAt, now());
    if (hooks.afterCheck && !ids) {
      await hooks.afterCheck(trigger).catch((e: unknown) => console.warn('Weft: could not look up same-day papers', e));
      // A guess the record now names is a first alert for them.
      await checker.notifyPending().catch((e: unknown) => console.warn('Weft: could not notify about new papers', e));
    }
    return outcome;
  }

  /** Researchers waiting for their first check (bare A id → when they were followed or imported). */
  const firstChecks = new Map<string, number>();
  let firstCheckTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * The first check of new follows records what exists, so that only later papers count as new.
   * One that cannot run or fails (a spent allowance, the network) leaves the follow time as
   * the watermark instead: the next check that runs alerts what appeared since (detect.ts).
   */
  async function firstCheck(waiting: Map<string, number>): Promise<void> {
    const ids = [...waiting.keys()];
    try {
      await check('follow', ids).catch((e: unknown) => console.warn('Weft: first check of new follows failed', e));
      // What their latest works say of them (co-authors, names, categories), for same-day alerts.
      const { follows } = await store.read();
      await hooks.onFollowed?.(follows.filter((f) => waiting.has(f.id))).catch((e: unknown) => console.warn('Weft: could not learn about new follows', e));
      await store.update(({ follows }) => {
        if (!follows.some((f) => f.checkedAt === null && waiting.has(f.id))) return null;
        return { data: { follows: follows.map((f) => (f.checkedAt === null && waiting.has(f.id) ? { ...f, checkedAt: waiting.get(f.id)! } : f)) }, result: null };
      });
    } finally {
      for (const id of ids) owed.delete(id);
    }
  }

  /**
   * A first check lives in this worker's memory until it runs: a worker stopped before then
   * (Firefox suspends an idle event page, Chrome stops an idle service worker) leaves the
   * follow unchecked. The next worker's first check would take the papers of the gap for
   * old ones, so such a follow gets the watermark of a first check that could not run: its
   * follow time. Follows this worker owes a first check are left to it.
   */
  async function recoverFirstChecks(): Promise<void> {
    await store.update(({ follows }) => {
      const lost = (f: FollowEntry) => f.checkedAt === null && !owed.has(f.id);
      if (!follows.some(lost)) return null;
      return { data: { follows: follows.map((f) => (lost(f) ? { ...f, checkedAt: f.followedAt } : f)) }, result: null };
    });
  }

  /** Queues first checks; those asked for within `firstCheckDelayMs` of each other run as one. */
  function baseline(ids: string[], at: number): void {
    for (const id of ids) {
      firstChecks.set(id, at);
      owed.add(id);
    }
    firstCheckTimer ??= setTimeout(() => {
      firstCheckTimer = null;
      const waiting = new Map(firstChecks);
      firstChecks.clear();
      firstCheck(waiting).catch((e: unknown) => console.warn('Weft: could not record the first check of new follows', e));
    }, firstCheckDelayMs);
  }

  /** Follows `id`; a researcher unfollowed lately comes back as they were (Undo), with no check. */
  async function follow(id: string, name: string): Promise<FollowResult> {
    const t = now();
    const result = await store.update(({ follows, unfollowed }) => {
      if (follows.some((f) => f.id === id)) return null;
      if (follows.length >= MAX_FOLLOWS) return { data: {}, result: 'limit' as const };
      const kept = stillKept(unfollowed, t).find((u) => u.entry.id === id);
      const entry: FollowEntry = kept?.entry ?? { id, name: cleanName(name) || id, followedAt: t, checkedAt: null, seen: {} };
      // Owed before it is stored: a recovery running next must not take it for a lost one.
      if (!kept) owed.add(id);
      return { data: { follows: [...follows, entry], unfollowed: unfollowed.filter((u) => u.entry.id !== id) }, result: kept ? ('restored' as const) : ('added' as const) };
    });
    if (result === 'limit') return { followed: false, limitReached: true };
    if (result === 'added') baseline([id], t);
    return { followed: true, limitReached: false };
  }

  /**
   * Unfollows `id`, remembering them as they were for `UNFOLLOW_KEPT_MS`: their unseen papers
   * stay (hidden while they are not followed), so following again undoes it.
   */
  async function unfollow(id: string): Promise<FollowResult> {
    await store.update(({ follows, inbox, unfollowed }) => {
      const entry = follows.find((f) => f.id === id);
      if (!entry) return null;
      const t = now();
      const rest = follows.filter((f) => f !== entry);
      const kept = [...stillKept(unfollowed, t).filter((u) => u.entry.id !== id), { entry, at: t }].slice(-MAX_FOLLOWS);
      const wanted = new Set([...rest, ...kept.map((u) => u.entry)].map((f) => f.id));
      return { data: { follows: rest, unfollowed: kept, inbox: inboxOf(inbox, wanted) }, result: null };
    });
    return { followed: false, limitReached: false };
  }

  /**
   * A new OpenAlex key has an allowance of its own: checks paused for the old one's spent
   * allowance may run again at once ("Check now" then works).
   */
  async function keyChanged(): Promise<void> {
    const status = await store.updateStatus((s) => (s.error?.kind === 'budget-exhausted' && s.retryAt !== null ? { ...s, retryAt: null } : s));
    await scheduleRetry(status.retryAt, now());
  }

  async function followedIds(): Promise<string[]> {
    return (await store.read()).follows.map((f) => f.id);
  }

  /**
   * Marks papers seen (all of them when `keys` is null): W ids, or arXiv ids of papers known
   * only from arXiv's announcement. Each is remembered among its researchers' seen works (an
   * announced one by its arXiv id, so that its record later is not new either): no later check
   * can bring it back.
   */
  async function markSeen(keys: readonly string[] | null): Promise<void> {
    const wanted = keys && new Set(keys);
    const cutoff = new Date(now() - SEEN_ARXIV_DAYS * 86_400_000).toISOString().slice(0, 10);
    await store.update(({ follows, inbox }) => {
      const followed = new Set(follows.map((f) => f.id));
      // "All" is all the reader sees: papers kept for an undo stay.
      const gone = inbox.filter((p) => (wanted ? wanted.has(p.workId ?? p.arxivId ?? '') : peopleOf(p).some((id) => followed.has(id))));
      if (!gone.length) return null;
      const seenBy = new Map<string, InboxEntry[]>();
      for (const p of gone) for (const id of peopleOf(p)) seenBy.set(id, [...(seenBy.get(id) ?? []), p]);
      return {
        data: {
          follows: follows.map((f) => {
            const papers = seenBy.get(f.id);
            if (!papers) return f;
            const records = papers.flatMap((p) => (p.workId ? [[p.workId, p.createdDate]] : []));
            const announced = papers.flatMap((p) => (!p.workId && p.arxivId ? [[p.arxivId, p.createdDate]] : []));
            return {
              ...f,
              seen: { ...f.seen, ...Object.fromEntries(records) },
              ...(announced.length || f.seenArxiv ? { seenArxiv: { ...since(f.seenArxiv, cutoff), ...Object.fromEntries(announced) } } : {}),
            };
          }),
          inbox: inbox.filter((p) => !gone.includes(p)),
        },
        result: null,
      };
    });
  }

  /** Hides name-only guesses (arXiv ids): kept out of sight, so that a record naming them still alerts. */
  async function hideGuesses(arxivIds: readonly string[]): Promise<void> {
    const wanted = new Set(arxivIds);
    await store.update(({ inbox }) => {
      if (!inbox.some((p) => p.arxivId && wanted.has(p.arxivId) && !p.guessHidden)) return null;
      return { data: { inbox: inbox.map((p) => (p.arxivId && wanted.has(p.arxivId) ? { ...p, guessHidden: true as const } : p)) }, result: null };
    });
  }

  async function importFile(text: string): Promise<ImportResult> {
    const parsed = parseFollowFile(text);
    if (!parsed.ok) return parsed;
    const t = now();
    const outcome = await store.update<ImportResult>(({ follows }) => {
      const known = new Set(follows.map((f) => f.id));
      const added: FollowEntry[] = [];
      for (const f of parsed.follows) {
        if (known.has(f.id)) continue;
        known.add(f.id);
        added.push({ id: f.id, name: f.name || f.id, followedAt: f.followedAt ?? t, checkedAt: null, seen: {} });
      }
      if (follows.length + added.length > MAX_FOLLOWS) {
        return { data: {}, result: { ok: false, problem: { kind: 'over-limit', total: follows.length + added.length, max: MAX_FOLLOWS } } };
      }
      for (const f of added) owed.add(f.id);
      const result: ImportResult = { ok: true, added: added.length, alreadyFollowed: parsed.follows.length - added.length };
      return { data: { follows: added.length ? [...follows, ...added] : follows }, result };
    });
    const result: ImportResult = outcome ?? { ok: false, problem: { kind: 'not-imported' } };
    if (result.ok && result.added) {
      const { follows } = await store.read();
      baseline(follows.filter((f) => f.checkedAt === null).map((f) => f.id), t);
    }
    return result;
  }

  async function updateSettings(patch: Partial<AlertSettings>): Promise<AlertSettings> {
    const before = await store.readSettings();
    const settings = await store.updateSettings(patch);
    if (settings.intervalMinutes !== before.intervalMinutes) {
      const status = await store.readStatus();
      await scheduleChecks(settings.intervalMinutes, status.lastSuccessAt ?? status.lastRunAt, now());
    }
    return settings;
  }

  async function state(): Promise<FollowsState> {
    const [{ follows, inbox }, status, settings, checking, next, allowed] = await Promise.all([
      store.read(),
      store.readStatus(),
      store.readSettings(),
      lease.held(),
      nextCheckAt(),
      notificationsAllowed(),
    ]);
    const followed = new Set(follows.map((f) => f.id));
    const counts = newCounts(inbox);
    const shown = (p: InboxEntry) => p.authorIds.some((id) => followed.has(id)) || (!p.guessHidden && (p.guessFor ?? []).some((id) => followed.has(id)));
    return {
      follows: follows
        .map((f) => ({ id: f.id, name: f.name, followedAt: f.followedAt, checkedAt: f.checkedAt, newCount: counts.get(f.id) ?? 0, unreadable: f.id in status.problems }))
        .sort((a, b) => b.followedAt - a.followedAt),
      inbox: inbox.filter(shown).map(({ notified: _, guessHidden: _h, ...paper }) => paper),
      status: {
        lastRunAt: status.lastRunAt,
        lastSuccessAt: status.lastSuccessAt,
        error: status.error,
        retryAt: status.retryAt,
        lastFound: status.lastFound,
        checking,
        nextCheckAt: next,
      },
      settings,
      notificationsAllowed: allowed,
    };
  }

  /** Unseen papers that count (a guess never does), and matches of topics that ring. */
  async function refreshBadge(): Promise<void> {
    const { follows, inbox } = await store.read();
    const extra = hooks.extraUnseen ? await hooks.extraUnseen().catch(() => 0) : 0;
    await showUnseenCount(unseenCount(inbox, new Set(follows.map((f) => f.id))) + extra);
  }

  /**
   * Every worker start: no first check or lease left by a stopped worker, the alarm exists
   * (recreated when the browser dropped it) and the badge is right.
   */
  async function start(): Promise<void> {
    recovered = recoverFirstChecks().catch((e: unknown) => console.warn('Weft: could not recover the first checks of a stopped worker', e));
    await lease.reclaim();
    const status = await ensureSchedule();
    if (status.retryAt !== null && status.retryAt > now()) await scheduleRetry(status.retryAt, now());
    await refreshBadge();
  }

  /** The periodic check follows the interval setting, also one that came from another computer. */
  async function ensureSchedule(): Promise<CheckStatus> {
    const [settings, status] = await Promise.all([store.readSettings(), store.readStatus()]);
    await ensureAlarm(settings.intervalMinutes, status.lastSuccessAt ?? status.lastRunAt, now());
    return status;
  }

  return {
    follow,
    unfollow,
    keyChanged,
    followedIds,
    markSeen,
    hideGuesses,
    importFile,
    updateSettings,
    state,
    check,
    refreshBadge,
    start,
    /** Notifies about stored papers no notification covered yet (same-day alerts' reads). */
    notifyPending: checker.notifyPending,
    recordTakesOver,
    ensureSchedule,
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
