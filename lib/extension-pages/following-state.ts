/**
 * The Following tab as signals: the state the background keeps (researchers, inbox, check
 * status, settings), read when the popup opens and again whenever storage changes while it is
 * open, plus what the reader's own actions are doing (checking, importing).
 */
import { signal } from '@preact/signals';
import type { ask as askBackground } from '../ui/client';
import type { CheckOutcome, FollowsState, ImportResult, TopicFollowResult, WireError } from '../background/protocol';
import { describeFailure, failureOf, failureSentence, formatReset } from '../ui/describe-failure';
import { onChange } from '../ui/changes';
import { noteFollowed } from '../ui/followed-ids';
import type { FeedSource } from '../shared/follows/model';
import { t, type MessageKey } from '../shared/i18n';
import { formatCount, formatInteger } from '../ui/format';

type Ask = typeof askBackground;

export type Load = { status: 'loading' } | { status: 'ready'; data: FollowsState } | { status: 'error'; failure: WireError };

/** What reading arXiv's announcement added to a "Check now", in words (empty when it added nothing to say). */
function announcementNote(outcome: CheckOutcome): string {
  const read = outcome.sameDay;
  if (!read?.ran) return '';
  const parts = [
    read.found ? t('newFromAnnouncement', formatInteger(read.found)) : '',
    read.topicHits ? t('forTopics', formatInteger(read.topicHits)) : '',
  ].filter(Boolean);
  return parts.length ? ` ${t('sentence', parts.join('; '))}` : '';
}

/** The outcome of "Check now" in words; `alert` when it is a problem the reader should notice. */
export function describeCheck(outcome: CheckOutcome, now = Date.now()): { text: string; alert: boolean } {
  const announced = announcementNote(outcome);
  if (announced && (!outcome.ran || !outcome.found)) return { text: announced.trim(), alert: false };
  if (!outcome.ran) {
    switch (outcome.reason) {
      case 'nobody':
        return { text: t('checkNobody'), alert: false };
      case 'busy':
        return { text: t('checkBusy'), alert: false };
      case 'budget':
        return { text: t('checkBudget', formatReset(outcome.retryAt, now)), alert: true };
      case 'backoff':
        return { text: t('checksResume', formatReset(outcome.retryAt, now)), alert: true };
    }
  }
  if (outcome.error) {
    const f = describeFailure({ ...outcome.error, retryAt: null }, now);
    return { text: t('checkStopped', f.title, outcome.found ? t('newBeforeStopped', formatInteger(outcome.found)) : ''), alert: true };
  }
  if (!outcome.found) return { text: outcome.checked === 1 ? t('noNewFromOne') : t('noNewFromMany', formatInteger(outcome.checked)), alert: false };
  return { text: t('sentence', formatCount(outcome.found, 'newPaperCount', 'newPapersCount')) + announced, alert: false };
}

/** Why a topic was not followed, in words (the limit's message takes the limit). */
const TOPIC_REFUSED = {
  'no-words': 'topicNoWords',
  limit: 'topicLimit',
  'not-followed': 'topicNotFollowed',
} as const satisfies Record<Extract<TopicFollowResult, { ok: false }>['why'], MessageKey>;

export function createFollowingState(ask: Ask) {
  const load = signal<Load>({ status: 'loading' });
  const checking = signal(false);
  const checkResult = signal<{ text: string; alert: boolean } | null>(null);
  const importResult = signal<ImportResult | null>(null);
  const actionError = signal<string | null>(null);
  /** The researcher the reader last unfollowed in the list, offered back (Undo). */
  const unfollowed = signal<{ id: string; name: string } | null>(null);
  let generation = 0;

  async function refresh(): Promise<void> {
    const mine = ++generation;
    try {
      const data = await ask({ type: 'follows-state' });
      if (mine === generation) load.value = { status: 'ready', data };
    } catch (e) {
      // Keep showing what we had; only a first load turns into an error state.
      if (mine === generation && load.value.status !== 'ready') load.value = { status: 'error', failure: failureOf(e) };
    }
  }

  /** Re-reads the state whenever the background announces a change; returns the unsubscribe. */
  function watch(): () => void {
    const stops = [onChange('follows', () => void refresh()), onChange('settings', () => void refresh())];
    void refresh();
    return () => stops.forEach((stop) => stop());
  }

  /** Runs a change the reader asked for; a failure is reported, the state refreshes either way. */
  async function act(what: string, run: () => Promise<unknown>): Promise<void> {
    actionError.value = null;
    try {
      await run();
    } catch (e) {
      actionError.value = t('failedBecause', what, describeFailure(failureOf(e)).title);
    }
    await refresh();
  }

  async function checkNow(): Promise<void> {
    if (checking.value) return;
    checking.value = true;
    checkResult.value = null;
    try {
      checkResult.value = describeCheck(await ask({ type: 'check-now' }));
    } catch (e) {
      checkResult.value = { text: failureSentence(failureOf(e)), alert: true };
    } finally {
      checking.value = false;
    }
    await refresh();
  }

  /**
   * Follows the researcher just unfollowed again: the background restores them as they were,
   * unseen papers included (lib/background/follows/service.ts).
   */
  async function undoUnfollow(): Promise<void> {
    const gone = unfollowed.value;
    if (!gone) return;
    unfollowed.value = null;
    await act(t('refollowFailed', gone.name), async () => {
      const r = await ask({ type: 'follow', id: gone.id, name: gone.name });
      noteFollowed(gone.id, r.followed);
    });
  }

  return {
    load,
    checking,
    checkResult,
    importResult,
    actionError,
    unfollowed,
    noteUnfollowed: (researcher: { id: string; name: string }) => void (unfollowed.value = researcher),
    undoUnfollow,
    refresh,
    watch,
    checkNow,
    markSeen: (papers: string[]) => act(t('markSeenFailed'), () => ask({ type: 'mark-seen', papers })),
    hideGuesses: (arxivIds: string[]) => act(t('hideFailed'), () => ask({ type: 'hide-guesses', arxivIds })),
    setSameDay: (sameDay: boolean) => act(t('sameDayChangeFailed'), () => ask({ type: 'alert-settings', sameDay })),
    setFeed: (feed: FeedSource) => act(t('feedChangeFailed'), () => ask({ type: 'alert-settings', feed })),
    editWatch: (change: { add?: string[]; remove?: string[]; reset?: boolean }) => act(t('categoriesChangeFailed'), () => ask({ type: 'watch-categories', ...change })),
    followTopic: async (query: string, categories: string[], ring: boolean): Promise<string | null> => {
      let problem: string | null = null;
      await act(t('topicFollowFailed'), async () => {
        const r = await ask({ type: 'topic-follow', query, categories, ring });
        if (!r.ok) problem = t(TOPIC_REFUSED[r.why], r.why === 'limit' ? formatInteger(r.max) : '');
      });
      return problem;
    },
    setTopicRing: (id: string, ring: boolean) => act(t('topicChangeFailed'), () => ask({ type: 'topic-ring', id, ring })),
    unfollowTopic: (id: string) => act(t('topicUnfollowFailed'), () => ask({ type: 'topic-unfollow', id })),
    topicSeen: (keys: string[] | null) => act(t('markSeenFailed'), () => ask({ type: 'topic-seen', ...(keys ? { keys } : {}) })),
    markAllSeen: () => act(t('markAllSeenFailed'), () => ask({ type: 'mark-all-seen' })),
    setCheckInterval: (intervalMinutes: number) => act(t('intervalChangeFailed'), () => ask({ type: 'alert-settings', intervalMinutes })),
    setNotify: (notify: boolean) => act(t('notifyChangeFailed'), () => ask({ type: 'alert-settings', notify })),
    async importText(text: string): Promise<void> {
      importResult.value = null;
      await act(t('importFailed'), async () => {
        importResult.value = await ask({ type: 'import-follows', text });
      });
    },
  };
}

export type FollowingState = ReturnType<typeof createFollowingState>;
