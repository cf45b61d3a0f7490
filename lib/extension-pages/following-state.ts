/**
 * The Following tab as signals: the state the background keeps (researchers, inbox, check
 * status, settings), read when the popup opens and again whenever storage changes while it is
 * open, plus what the reader's own actions are doing (checking, importing).
 */
import { signal } from '@preact/signals';
import type { ask as askBackground } from '../ui/client';
import type { CheckOutcome, FollowsState, ImportResult, WireError } from '../background/protocol';
import { describeFailure, failureOf, formatReset } from '../ui/describe-failure';
import { onChange } from '../ui/changes';
import { noteFollowed } from '../ui/followed-ids';
import type { FeedSource } from '../shared/follows/model';

type Ask = typeof askBackground;

export type Load = { status: 'loading' } | { status: 'ready'; data: FollowsState } | { status: 'error'; failure: WireError };

/** What reading arXiv's announcement added to a "Check now", in words (empty when it added nothing to say). */
function announcementNote(outcome: CheckOutcome): string {
  const read = outcome.sameDay;
  if (!read?.ran) return '';
  const parts = [
    read.found ? `${read.found} new from today’s arXiv announcement` : '',
    read.topicHits ? `${read.topicHits} for topics you follow` : '',
  ].filter(Boolean);
  return parts.length ? ` ${parts.join('; ')}.` : '';
}

/** The outcome of "Check now" in words; `alert` when it is a problem the reader should notice. */
export function describeCheck(outcome: CheckOutcome, now = Date.now()): { text: string; alert: boolean } {
  const announced = announcementNote(outcome);
  if (announced && (!outcome.ran || !outcome.found)) return { text: announced.trim(), alert: false };
  if (!outcome.ran) {
    switch (outcome.reason) {
      case 'nobody':
        return { text: 'Follow a researcher first: there is nobody to check.', alert: false };
      case 'busy':
        return { text: 'A check is already running; its results will appear here.', alert: false };
      case 'budget':
        return { text: `OpenAlex’s free daily allowance is used up; checks resume ${formatReset(outcome.retryAt, now)}.`, alert: true };
      case 'backoff':
        return { text: `Checks resume ${formatReset(outcome.retryAt, now)}.`, alert: true };
    }
  }
  if (outcome.error) {
    const f = describeFailure({ ...outcome.error, retryAt: null }, now);
    return { text: `${f.title}. ${outcome.found ? `${outcome.found} new before it stopped. ` : ''}Weft will try again later.`, alert: true };
  }
  if (!outcome.found) return { text: `No new papers from ${outcome.checked === 1 ? 'the researcher' : `the ${outcome.checked} researchers`} you follow.`, alert: false };
  return { text: `${outcome.found === 1 ? '1 new paper' : `${outcome.found} new papers`}.${announced}`, alert: false };
}

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
      actionError.value = `${what}: ${describeFailure(failureOf(e)).title}.`;
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
      const f = describeFailure(failureOf(e));
      checkResult.value = { text: `${f.title}. ${f.detail}`, alert: true };
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
    await act(`Could not follow ${gone.name} again`, async () => {
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
    markSeen: (papers: string[]) => act('Could not mark the paper seen', () => ask({ type: 'mark-seen', papers })),
    hideGuesses: (arxivIds: string[]) => act('Could not hide the paper', () => ask({ type: 'hide-guesses', arxivIds })),
    setSameDay: (sameDay: boolean) => act('Could not change same-day alerts', () => ask({ type: 'alert-settings', sameDay })),
    setFeed: (feed: FeedSource) => act('Could not change where Weft reads arXiv’s announcement', () => ask({ type: 'alert-settings', feed })),
    editWatch: (change: { add?: string[]; remove?: string[]; reset?: boolean }) => act('Could not change the categories', () => ask({ type: 'watch-categories', ...change })),
    followTopic: async (query: string, categories: string[], ring: boolean): Promise<string | null> => {
      let problem: string | null = null;
      await act('Could not follow the topic', async () => {
        const r = await ask({ type: 'topic-follow', query, categories, ring });
        if (!r.ok) problem = r.message ?? 'The topic was not followed.';
      });
      return problem;
    },
    setTopicRing: (id: string, ring: boolean) => act('Could not change the topic', () => ask({ type: 'topic-ring', id, ring })),
    unfollowTopic: (id: string) => act('Could not unfollow the topic', () => ask({ type: 'topic-unfollow', id })),
    topicSeen: (keys: string[] | null) => act('Could not mark the paper seen', () => ask({ type: 'topic-seen', ...(keys ? { keys } : {}) })),
    markAllSeen: () => act('Could not mark the papers seen', () => ask({ type: 'mark-all-seen' })),
    setCheckInterval: (intervalMinutes: number) => act('Could not change how often Weft checks', () => ask({ type: 'alert-settings', intervalMinutes })),
    setNotify: (notify: boolean) => act('Could not change notifications', () => ask({ type: 'alert-settings', notify })),
    async importText(text: string): Promise<void> {
      importResult.value = null;
      await act('Could not import', async () => {
        importResult.value = await ask({ type: 'import-follows', text });
      });
    },
  };
}

export type FollowingState = ReturnType<typeof createFollowingState>;
