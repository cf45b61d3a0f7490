import { fakeBrowser } from 'wxt/testing';
import { announce } from '@/test/announce';
import type { CheckOutcome, FollowsState } from '../background/protocol';
import { RemoteError } from '../ui/client';
import { createFollowingState, describeCheck } from './following-state';
import { fakeAsk } from '@/test/fake-ask';

const NOW = Date.UTC(2026, 5, 10, 9);

const state = (names: string[]): FollowsState => ({
  follows: names.map((name, i) => ({ id: `A${i + 1}`, name, followedAt: NOW, checkedAt: NOW, newCount: 0, unreadable: false })),
  inbox: [],
  status: { lastRunAt: NOW, lastSuccessAt: NOW, error: null, retryAt: null, lastFound: 0, checking: false, nextCheckAt: null },
  settings: { intervalMinutes: 360, notify: false, sameDay: true, feed: 'listing' },
  notificationsAllowed: false,
  sameDay: {
    mode: { kind: 'arxiv', source: 'listing' }, watching: ['cs.DC'], covered: names.length, unplaced: 0, edits: { added: [], removed: [] },
    rssGranted: false, nextReadAt: null, lastRead: null, problem: null, topics: [], topicHits: [],
  },
});

beforeEach(() => fakeBrowser.reset());

describe('the Following tab state', () => {
  it('reads the state when opened and again whenever follow data changes', async () => {
    let names = ['Ray Cao'];
    const { ask, mock } = fakeAsk({ 'follows-state': () => state(names) });
    const s = createFollowingState(ask);
    const stop = s.watch();
    await vi.waitFor(() => expect(s.load.value).toMatchObject({ status: 'ready', data: { follows: [{ name: 'Ray Cao' }] } }));

    names = ['Ray Cao', 'Li Ming'];
    await announce('follows');
    await vi.waitFor(() => expect(s.load.value).toMatchObject({ status: 'ready', data: { follows: [{}, { name: 'Li Ming' }] } }));

    // Other changes do not make it ask again, nor anything once stopped.
    const calls = mock.mock.calls.length;
    await announce('identities');
    stop();
    await announce('follows');
    expect(mock.mock.calls.length).toBe(calls);
  });

  it('shows an error with what to do when the background cannot answer', async () => {
    const { ask } = fakeAsk({
      'follows-state': () => {
        throw new RemoteError({ kind: 'internal', message: 'gone', retryAt: null });
      },
    });
    const s = createFollowingState(ask);
    await s.refresh();
    expect(s.load.value).toMatchObject({ status: 'error', failure: { kind: 'internal' } });
  });

  it('says in words why a topic was not followed', async () => {
    const refusing = (refusal: object) => createFollowingState((async (m: { type: string }) => (m.type === 'topic-follow' ? refusal : state([]))) as never);
    expect(await refusing({ ok: false, why: 'limit', max: 20 }).followTopic('graphs', [], true)).toBe('Weft follows at most 20 topics.');
    expect(await refusing({ ok: false, why: 'no-words' }).followTopic(' ', [], true)).toBe('Type the words to look for in titles and abstracts.');
  });

  it('offers the researcher just unfollowed back: Undo follows them again, once', async () => {
    const { ask, of } = fakeAsk({ follow: () => ({ followed: true, limitReached: false }), 'follows-state': () => state(['Ray Cao']) });
    const s = createFollowingState(ask);
    s.noteUnfollowed({ id: 'A2', name: 'Li Ming' });
    expect(s.unfollowed.value).toEqual({ id: 'A2', name: 'Li Ming' });
    await s.undoUnfollow();
    await s.undoUnfollow(); // nothing left to undo
    expect(of('follow')).toEqual([{ type: 'follow', id: 'A2', name: 'Li Ming' }]);
    expect(s.unfollowed.value).toBeNull();
    expect(s.load.value).toMatchObject({ status: 'ready' });
  });
});

describe('check results in words', () => {
  it.each<[CheckOutcome, RegExp, boolean]>([
    [{ sameDay: null, ran: true, found: 0, checked: 3, error: null }, /No new papers from the 3 researchers/, false],
    [{ sameDay: null, ran: true, found: 1, checked: 3, error: null }, /^1 new paper\.$/, false],
    [{ sameDay: null, ran: true, found: 4, checked: 3, error: null }, /^4 new papers\.$/, false],
    [{ sameDay: null, ran: false, reason: 'busy', retryAt: null }, /already running/, false],
    [{ sameDay: null, ran: false, reason: 'budget', retryAt: NOW + 3 * 3_600_000 }, /allowance is used up; checks resume at .* \(in 3 h\)/, true],
    [{ sameDay: null, ran: true, found: 0, checked: 2, error: { kind: 'network', message: 'offline', at: NOW } }, /could not be reached\. Weft will try again later/, true],
  ])('%o', (outcome, text, alert) => {
    const d = describeCheck(outcome, NOW);
    expect(d.text).toMatch(text);
    expect(d.alert).toBe(alert);
  });
});
