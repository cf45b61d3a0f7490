import { fakeBrowser } from 'wxt/testing';
import { createCorrections } from '../identity/corrections';
import { dispatch, type Handlers } from '../server';
import type { FollowService } from '../follows/service';
import type { SameDay } from '../same-day/service';
import { followService } from './follows';

const EXT = fakeBrowser.runtime.id;
const popup = { id: EXT, url: `chrome-extension://${EXT}/popup.html` } as never;
const popupInTab = { id: EXT, url: `chrome-extension://${EXT}/popup.html`, tab: { id: 3 } } as never;
const arxivTab = { id: EXT, url: 'https://arxiv.org/abs/2406.05546', tab: { id: 1 } } as never;

function fakeService() {
  return {
    follow: vi.fn(async () => ({ followed: true, limitReached: false })),
    unfollow: vi.fn(async () => ({ followed: false, limitReached: false })),
    followedIds: vi.fn(async () => ['A1']),
    importFile: vi.fn(async () => ({ ok: true, added: 1, alreadyFollowed: 0 })),
    check: vi.fn(async () => ({ ran: true, found: 0, checked: 1, error: null })),
    markSeen: vi.fn(async () => undefined),
  } as unknown as FollowService & Record<string, ReturnType<typeof vi.fn>>;
}

function fakeSameDay() {
  const read = vi.fn(async () => ({ ran: true, found: 1, guesses: 0, topicHits: 0, requests: 1, credits: 0, problem: null }));
  return { read, sameDay: { read } as unknown as SameDay };
}

const handlersWith = (follows: FollowService, { sameDay } = fakeSameDay()) => followService({ follows, corrections: createCorrections(), sameDay }) as unknown as Handlers;

describe('follow handlers', () => {
  it('let the author card on arXiv follow, unfollow and read who is followed', async () => {
    const service = fakeService();
    const h = handlersWith(service);
    expect(await dispatch(h, { type: 'follow', id: 'A1', name: 'Ray Cao' }, arxivTab, EXT)).toEqual({ ok: true, data: { followed: true, limitReached: false } });
    expect(service.follow).toHaveBeenCalledWith('A1', 'Ray Cao');
    expect(await dispatch(h, { type: 'followed-ids' }, arxivTab, EXT)).toEqual({ ok: true, data: { ids: ['A1'] } });
  });

  it('take imports, checks and inbox changes from Weft’s own pages only', async () => {
    const service = fakeService();
    const h = handlersWith(service);
    for (const message of [{ type: 'import-follows', text: '{}' }, { type: 'check-now' }, { type: 'mark-all-seen' }]) {
      const refused = await dispatch(h, message, arxivTab, EXT);
      expect(refused).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    }
    expect(service.importFile).not.toHaveBeenCalled();
    expect(service.check).not.toHaveBeenCalled();
    expect(service.markSeen).not.toHaveBeenCalled();

    expect(await dispatch(h, { type: 'import-follows', text: '{}' }, popup, EXT)).toMatchObject({ ok: true });
    // The popup page opened in a tab is still Weft's own page.
    expect(await dispatch(h, { type: 'check-now' }, popupInTab, EXT)).toMatchObject({ ok: true });
    expect(service.check).toHaveBeenCalledWith('manual');
  });

  it('read today’s announcement on “Check now”, and still check the catalog when arXiv cannot be read', async () => {
    const service = fakeService();
    const fake = fakeSameDay();
    const h = handlersWith(service, fake);
    expect(await dispatch(h, { type: 'check-now' }, popup, EXT)).toMatchObject({ ok: true, data: { ran: true, sameDay: { ran: true, found: 1 } } });
    expect(fake.read).toHaveBeenCalledWith('manual');
    fake.read.mockRejectedValueOnce(new Error('offscreen document gone'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await dispatch(h, { type: 'check-now' }, popup, EXT)).toMatchObject({ ok: true, data: { ran: true, sameDay: null } });
    expect(service.check).toHaveBeenCalledTimes(2);
  });
});
