import { USER_DATA } from '../user-data/schema';
import { itemBytes, SYNC_QUOTA } from '../sync/browser-sync';
import { online, syncService } from '../sync/testing';
import { browserProfile, LARGEST_EDITS } from './sync-testing';
import { EDITS_ITEM, WATCH_PREFIX } from './watch-sync';

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const edits = (added: string[] = [], removed: string[] = []) => ({ added, removed });
const KEY = `${WATCH_PREFIX}${EDITS_ITEM}`;

beforeEach(() => {
  vi.useFakeTimers();
  at('2026-07-01T09:00:00Z');
});
afterEach(() => vi.useRealTimers());

describe('the watched-category edits follow the reader between computers', () => {
  it('carries a category added on the laptop to the desktop and one removed on the desktop back, each rescheduling the reads', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.editWatch({ add: ['cs.LG'] });
    await online(service, laptop, desktop);
    expect(await desktop.edits()).toEqual(edits(['cs.LG']));
    expect(desktop.changed).toHaveBeenCalled();
    expect(laptop.changed).not.toHaveBeenCalled();

    at('2026-07-01T10:00:00Z');
    await desktop.editWatch({ remove: ['math.CO'] });
    await online(service, laptop, desktop);
    expect(await laptop.edits()).toEqual(edits(['cs.LG'], ['math.CO']));
    expect(laptop.changed).toHaveBeenCalled();
  });

  it('writes the reader’s change to browser sync by itself (the change is heard), stamped with it in one write', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    await laptop.engine.merge();
    await laptop.editWatch({ add: ['hep-th'] });
    // No merge asked for: the store's change started one.
    await vi.advanceTimersByTimeAsync(0);
    expect(await laptop.sync.get([KEY])).toEqual({ [KEY]: { v: edits(['hep-th']), t: Date.now() } });
    expect(laptop.data.values.get(USER_DATA.sameDay)).toMatchObject({ edits: edits(['hep-th']), editsStamp: Date.now() });
  });

  it('merges edits made on both computers offline as one list: the later one wins, on both', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    await laptop.editWatch({ add: ['cs.LG'] });
    await online(service, laptop, desktop);

    at('2026-07-01T09:10:00Z');
    await desktop.editWatch({ add: ['stat.ML'] });
    at('2026-07-01T09:20:00Z');
    await laptop.editWatch({ remove: ['cs.LG', 'math.CO'] });
    // The laptop's later list reaches the service first, the desktop's older one last.
    await online(service, desktop, laptop);
    expect(await laptop.edits()).toEqual(edits([], ['cs.LG', 'math.CO']));
    expect(await desktop.edits()).toEqual(edits([], ['cs.LG', 'math.CO']));
    expect(service.server.get(KEY)).toMatchObject({ v: edits([], ['cs.LG', 'math.CO']) });
  });

  it('carries a reset on one computer to the other, even when that one’s clock is behind', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    const desktop = browserProfile(service);
    at('2026-07-01T12:00:00Z');
    await laptop.editWatch({ add: ['cs.LG', 'stat.ML'], remove: ['cs.AI'] });
    await online(service, laptop, desktop);
    expect(await desktop.edits()).toEqual(edits(['cs.LG', 'stat.ML'], ['cs.AI']));

    // The desktop's clock is three hours behind the laptop's.
    at('2026-07-01T09:00:00Z');
    await desktop.editWatch({ reset: true });
    await online(service, laptop, desktop);
    expect(await laptop.edits()).toEqual(edits());
    expect(await desktop.edits()).toEqual(edits());
  });

  it('keeps edits made before they synced over a new computer’s none, reading the older record without a stamp', async () => {
    const service = syncService();
    // A same-day record of shape version 2: edits, no stamp.
    const laptop = browserProfile(service, { [USER_DATA.sameDay]: { edits: edits(['q-bio.NC'], ['cs']) } });
    const desktop = browserProfile(service);
    expect((await laptop.store.read()).editsStamp).toBeNull();
    await laptop.engine.merge();
    const stamp = (await laptop.store.read()).editsStamp;
    expect(stamp).toBe(Date.now());
    await online(service, desktop, laptop);
    expect(await desktop.edits()).toEqual(edits(['q-bio.NC'], ['cs']));
    expect(await laptop.edits()).toEqual(edits(['q-bio.NC'], ['cs']));
    // Stamped once, when first merged: a later merge keeps the stamp.
    at('2026-07-02T09:00:00Z');
    await laptop.engine.merge();
    expect((await laptop.store.read()).editsStamp).toBe(stamp);
  });

  it('neither takes nor overwrites edits this Weft cannot keep (damaged, or holding what a newer Weft knows)', async () => {
    const service = syncService();
    const laptop = browserProfile(service);
    await laptop.editWatch({ add: ['cs.LG'] });
    await online(service, laptop, browserProfile(service));
    for (const strange of [
      { v: { added: ['cs.LG'], removed: [], pinned: ['cs.AI'] }, t: Date.now() + 1 },
      { v: { added: ['not a category'], removed: [] }, t: Date.now() + 1 },
      { v: { added: ['cs.LG'], removed: ['cs.LG'] }, t: Date.now() + 1 },
    ]) {
      service.server.set(KEY, strange);
      await online(service, laptop, laptop);
      expect(await laptop.edits()).toEqual(edits(['cs.LG']));
      expect(service.server.get(KEY)).toEqual(strange);
    }
  });

  it('fits the sync quotas with the largest realistic edits', () => {
    const t = Date.parse('2999-12-31T23:59:59Z');
    const bytes = itemBytes(KEY, { v: LARGEST_EDITS, t });
    expect(bytes).toBeLessThanOrEqual(SYNC_QUOTA.bytesPerItem);
    // As measured: 3.5 kB, under half an item's quota (the total with the topics and settings: topic-sync.test.ts).
    expect(bytes).toBe(3460);
  });
});
