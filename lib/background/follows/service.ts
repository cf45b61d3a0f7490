/**
 * Following researchers, as the background offers it: follow / unfollow, the state the popup
 * shows, marking papers seen, import, settings, checks, and the worker-lifecycle duties (alarm,
 * toolbar badge, notification clicks). The only writer of follow data.
 */
import type { OpenAlexClient } from '../catalog/openalex';
import { showUnseenCount } from './badge';
import { createChecker, type CheckOutcome } from './check';
import { cleanName, parseFollowFile } from '../../shared/follows/file';
import { createLease, type Lease } from './lease';
import {
  MAX_FOLLOWS,
  newCounts,
  unseenCount,
  type AlertSettings,
  type CheckProblem,
  type FollowEntry,
  type InboxEntry,
} from '../../shared/follows/model';
import { describeNotification, notificationsAllowed, showNotification } from './notify';
import { ensureAlarm, nextCheckAt, scheduleChecks, scheduleRetry } from './schedule';
import { followStore as defaultStore, type FollowStore } from './store';

export interface FollowedResearcher {
  id: string;
  name: string;
  followedAt: number;
  /** When this researcher was last checked (epoch ms); null before the first check. */
  checkedAt: number | null;
  /** Unseen new papers by this researcher. */
  newCount: number;
  /** Why the last check could not read this researcher's works, if it could not. */
  problem: string | null;
}

export type NewPaper = Omit<InboxEntry, 'notified'>;

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

export type FollowResult = { followed: boolean; limitReached: boolean };

export type ImportResult = { ok: true; added: number; alreadyFollowed: number } | { ok: false; message: string };

export interface FollowServiceOptions {
  openalex: Pick<OpenAlexClient, 'worksByAuthorsSince' | 'workByArxivId'>;
  store?: FollowStore;
  lease?: Lease;
  now?: () => number;
}

/** Inbox entries minus researcher `id`; papers left without any followed researcher go. */
function withoutAuthor(inbox: InboxEntry[], id: string): InboxEntry[] {
  return inbox.flatMap((p) => {
    if (!p.authorIds.includes(id)) return [p];
    const authorIds = p.authorIds.filter((a) => a !== id);
    return authorIds.length ? [{ ...p, authorIds }] : [];
  });
}

export function createFollowService({ openalex, store = defaultStore, lease = createLease(), now = Date.now }: FollowServiceOptions) {
  async function notifyPapers(papers: InboxEntry[], follows: FollowEntry[]): Promise<void> {
    const settings = await store.readSettings();
    if (!settings.notify || !(await notificationsAllowed())) return;
    await showNotification(describeNotification(papers, follows));
  }

  const checker = createChecker({ openalex, store, lease, notify: notifyPapers, now });

  async function check(trigger: Parameters<typeof checker.check>[0], ids?: string[]): Promise<CheckOutcome> {
    const outcome = await checker.check(trigger, ids);
    if (outcome.ran) await scheduleRetry((await store.readStatus()).retryAt, now());
    return outcome;
  }

  /** Checks newly followed researchers at once, so their watermark is the moment they were followed. */
  function baseline(ids: string[]): void {
    if (!ids.length) return;
    check('follow', ids).catch((e: unknown) => console.warn('Weft: first check of new follows failed', e));
  }

  async function follow(id: string, name: string): Promise<FollowResult> {
    const result = await store.update(({ follows, inbox }) => {
      if (follows.some((f) => f.id === id)) return null;
      if (follows.length >= MAX_FOLLOWS) return { data: { follows, inbox }, result: 'limit' as const };
      const entry: FollowEntry = { id, name: cleanName(name) || id, followedAt: now(), checkedAt: null, seen: {} };
      return { data: { follows: [...follows, entry], inbox }, result: 'added' as const };
    });
    if (result === 'limit') return { followed: false, limitReached: true };
    if (result === 'added') baseline([id]);
    return { followed: true, limitReached: false };
  }

  async function unfollow(id: string): Promise<FollowResult> {
    await store.update(({ follows, inbox }) => {
      if (!follows.some((f) => f.id === id)) return null;
      return { data: { follows: follows.filter((f) => f.id !== id), inbox: withoutAuthor(inbox, id) }, result: null };
    });
    return { followed: false, limitReached: false };
  }

  async function followedIds(): Promise<string[]> {
    return (await store.read()).follows.map((f) => f.id);
  }

  /**
   * Marks papers seen (all of them when `workIds` is null). Each is remembered among its
   * researchers' seen works, so no later check can bring it back.
   */
  async function markSeen(workIds: readonly string[] | null): Promise<void> {
    const wanted = workIds && new Set(workIds);
    await store.update(({ follows, inbox }) => {
      const gone = inbox.filter((p) => !wanted || wanted.has(p.workId));
      if (!gone.length) return null;
      const seenBy = new Map<string, InboxEntry[]>();
      for (const p of gone) for (const id of p.authorIds) seenBy.set(id, [...(seenBy.get(id) ?? []), p]);
      return {
        data: {
          follows: follows.map((f) => {
            const papers = seenBy.get(f.id);
            if (!papers) return f;
            return { ...f, seen: { ...f.seen, ...Object.fromEntries(papers.map((p) => [p.workId, p.createdDate])) } };
          }),
          inbox: inbox.filter((p) => !gone.includes(p)),
        },
        result: null,
      };
    });
  }

  async function importFile(text: string): Promise<ImportResult> {
    const parsed = parseFollowFile(text);
    if (!parsed.ok) return parsed;
    const outcome = await store.update<ImportResult>(({ follows, inbox }) => {
      const known = new Set(follows.map((f) => f.id));
      const added: FollowEntry[] = [];
      for (const f of parsed.follows) {
        if (known.has(f.id)) continue;
        known.add(f.id);
        added.push({ id: f.id, name: f.name || f.id, followedAt: f.followedAt ?? now(), checkedAt: null, seen: {} });
      }
      if (follows.length + added.length > MAX_FOLLOWS) {
        const message = `Importing would make ${follows.length + added.length} researchers; Weft follows at most ${MAX_FOLLOWS}. Nothing was imported.`;
        return { data: { follows, inbox }, result: { ok: false, message } };
      }
      const result: ImportResult = { ok: true, added: added.length, alreadyFollowed: parsed.follows.length - added.length };
      return { data: { follows: added.length ? [...follows, ...added] : follows, inbox }, result };
    });
    const result: ImportResult = outcome ?? { ok: false, message: 'Nothing was imported.' };
    if (result.ok && result.added) {
      const { follows } = await store.read();
      baseline(follows.filter((f) => f.checkedAt === null).map((f) => f.id));
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
    return {
      follows: follows
        .map((f) => ({ id: f.id, name: f.name, followedAt: f.followedAt, checkedAt: f.checkedAt, newCount: counts.get(f.id) ?? 0, problem: status.problems[f.id] ?? null }))
        .sort((a, b) => b.followedAt - a.followedAt),
      inbox: inbox
        .filter((p) => p.authorIds.some((id) => followed.has(id)))
        .map(({ notified: _, ...paper }) => paper),
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

  async function refreshBadge(): Promise<void> {
    const { follows, inbox } = await store.read();
    await showUnseenCount(unseenCount(inbox, new Set(follows.map((f) => f.id))));
  }

  /**
   * Every worker start: no lease left by a stopped worker, the alarm exists (recreated when the
   * browser dropped it) and the badge is right.
   */
  async function start(): Promise<void> {
    await lease.reclaim();
    const [settings, status] = await Promise.all([store.readSettings(), store.readStatus()]);
    await ensureAlarm(settings.intervalMinutes, status.lastSuccessAt ?? status.lastRunAt, now());
    if (status.retryAt !== null && status.retryAt > now()) await scheduleRetry(status.retryAt, now());
    await refreshBadge();
  }

  return {
    follow,
    unfollow,
    followedIds,
    markSeen,
    importFile,
    updateSettings,
    state,
    check,
    refreshBadge,
    start,
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
