import { fakeBrowser } from 'wxt/testing';
import { announce } from '@/test/announce';
import type { FollowsState } from '../background/protocol';
import { createFollowingState, describeCheck } from './following-state';

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
    const ask = vi.fn(async () => state(names));
    const s = createFollowingState(ask as never);
    const stop = s.watch();
    await vi.waitFor(() => expect(s.load.value).toMatchObject({ status: 'ready', data: { follows: [{ name: 'Ray Cao' }] } }));

    names = ['Ray Cao', 'Li Ming'];
    await announce('follows');
    await vi.waitFor(() => expect(s.load.value).toMatchObject({ status: 'ready', data: { follows: [{}, { name: 'Li Ming' }] } }));

    // Other changes do not make it ask again, nor anything once stopped.
    const calls = ask.mock.calls.length;
    await announce('identities');
    stop();
    await announce('follows');
    expect(ask.mock.calls.length).toBe(calls);
  });

  it('shows an error with what to do when the background cannot answer', async () => {
    const { RemoteError } = await import('../ui/client');
    const s = createFollowingState((async () => {
      throw new RemoteError({ kind: 'internal', message: 'gone', retryAt: null });
    }) as never);
    await s.refresh();
    expect(s.load.value).toMatchObject({ status: 'error', failure: { kind: 'internal' } });
  });

  it('says in words why a topic was not followed', async () => {
    const refusing = (refusal: object) => createFollowingState((async (m: { type: string }) => (m.type === 'topic-follow' ? refusal : state([]))) as never);
    expect(await refusing({ ok: false, why: 'limit', max: 20 }).followTopic('graphs', [], true)).toBe('Weft follows at most 20 topics.');
    expect(await refusing({ ok: false, why: 'no-words' }).followTopic(' ', [], true)).toBe('Type the words to look for in titles and abstracts.');
  });

  it('offers the researcher just unfollowed back: Undo follows them again, once', async () => {
    const ask = vi.fn(async (m: { type: string }) => (m.type === 'follow' ? { followed: true, limitReached: false } : state(['Ray Cao'])));
    const s = createFollowingState(ask as never);
    s.noteUnfollowed({ id: 'A2', name: 'Li Ming' });
    expect(s.unfollowed.value).toEqual({ id: 'A2', name: 'Li Ming' });
    await s.undoUnfollow();
    await s.undoUnfollow(); // nothing left to undo
    expect(ask.mock.calls.filter(([m]) => m.type === 'follow')).toEqual([[{ type: 'follow', id: 'A2', name: 'Li Ming' }]]);
    expect(s.unfollowed.value).toBeNull();
    expect(s.load.value).toMatchObject({ status: 'ready' });
  });
});

describe('check results in words', () => {
  it.each([
    [{ ran: true, found: 0, checked: 3, error: null }, /No new papers from the 3 researchers/, false],
    [{ ran: true, found: 1, checked: 3, error: null }, /^1 new paper\.$/, false],
    [{ ran: true, found: 4, checked: 3, error: null }, /^4 new papers\.$/, false],
    [{ ran: false, reason: 'busy', retryAt: null }, /already running/, false],
    [{ ran: false, reason: 'budget', retryAt: NOW + 3 * 3_600_000 }, /allowance is used up; checks resume at .* \(in 3 h\)/, true],
    [{ ran: true, found: 0, checked: 2, error: { kind: 'network', message: 'offline', at: NOW } }, /could not be reached\. Weft will try again later/, true],
  ] as const)('%o', (outcome, text, alert) => {
    const d = describeCheck(outcome as never, NOW);
    expect(d.text).toMatch(text);
    expect(d.alert).toBe(alert);
  });
});
