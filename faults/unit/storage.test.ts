/**
 * Storage faults, through the whole background: IndexedDB full, corrupt, blocked or from an
 * older schema; follow storage damaged. The cache degrades to the network and recovers; the
 * follow list (extension storage, not the cache) never loses an entry it can read.
 */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing';
import { DB_NAME, DB_VERSION, type CacheRecord } from '@/lib/background/cache/db';
import { migrateStoredSettings } from '@/lib/background/settings/store';
import type { FollowsState, PaperAuthorsResult } from '@/lib/background/protocol';
import { dumpRecords, failUserWrites, putRecords } from '@/lib/background/user-data/testing';
import { tried } from '../ledger.mjs';
import { FROM_POPUP, ID, startBackground, type Background } from './background';

const authorsOf = (bg: Background) => bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100 });

/** Asks for the page's authors: every author paired and their numbers there; returns the requests it took. */
async function pageLoads(bg: Background): Promise<number> {
  const from = bg.requests.length;
  const r = await authorsOf(bg);
  expect(r.ok && r.data.slots.map((s) => s.openalex?.openalexId)).toEqual(bg.catalog.people.map((p) => p.openalexId));
  expect(r.ok && r.data.eagerMetrics && 'metrics' in r.data.eagerMetrics && Object.keys(r.data.eagerMetrics.metrics).length).toBe(bg.names.length);
  await bg.deps.cache.settle();
  return bg.requests.length - from;
}

/** Follows a few of the page's authors; returns a function counting how many are no longer followed. */
async function followSome(bg: Background) {
  const ids = bg.catalog.people.slice(0, 3).map((p) => p.openalexId!);
  for (const id of ids) expect(await bg.ask({ type: 'follow', id, name: `Name ${id}` })).toMatchObject({ ok: true });
  return async () => {
    const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
    const kept = new Set(r.ok ? r.data.follows.map((f) => f.id) : []);
    return ids.filter((id) => !kept.has(id)).length;
  };
}

/** Moves the clock `ms` ahead (the cache retries a failed database after a minute). */
function clock() {
  let offset = 0;
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
  return (ms: number) => void (offset += ms);
}

/** Reads every record of the current cache database. */
function dump(idb: IDBFactory): Promise<CacheRecord[]> {
  return new Promise((resolve, reject) => {
    const open = idb.open(DB_NAME);
    open.onsuccess = () => {
      const req = open.result.transaction('entries').objectStore('entries').getAll();
      req.onsuccess = () => { open.result.close(); resolve(req.result as CacheRecord[]); };
      req.onerror = () => reject(req.error);
    };
    open.onerror = () => reject(open.error);
  });
}

/**
 * A database exactly as each earlier schema version left it, holding `records`. One builder
 * per version below DB_VERSION: a new schema version must add the shape it replaces here.
 */
const EARLIER: Record<number, (idb: IDBFactory, records: CacheRecord[]) => Promise<void>> = {
  1: (idb, records) => new Promise((resolve, reject) => {
    const open = idb.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('entries', { keyPath: 'key' }).createIndex('by-expires', 'expiresAt');
    open.onsuccess = () => {
      const tx = open.result.transaction('entries', 'readwrite');
      for (const { lastAccess: _a, size: _s, ...v1 } of records) tx.objectStore('entries').put(v1);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }),
};

describe('storage faults', () => {
  it('[idb-quota-exceeded] writes failing with QuotaExceededError: answers still come from the network; a follow, a mark-seen or an import under it fails whole and says so; follows untouched; the cache comes back', async () => {
    const later = clock();
    const bg = startBackground();
    const lost = await followSome(bg);
    // A paper in the inbox to mark seen, and the reader's own correction.
    const A = bg.catalog.people[0]!.openalexId!;
    await vi.waitFor(async () => {
      const st = await bg.deps.follows.state();
      expect(st.follows.every((f) => f.checkedAt !== null) && !st.status.checking).toBe(true);
    });
    const today = new Date().toISOString().slice(0, 10);
    bg.fake.addWork({ id: 'https://openalex.org/W4900000001', doi: null, title: 'Quota', display_name: 'Quota', publication_year: Number(today.slice(0, 4)), publication_date: today, created_date: today, type: 'preprint', cited_by_count: 0, related_works: [], locations: [], is_authors_truncated: false, authorships: [{ author_position: 'first', author: { id: `https://openalex.org/${A}`, display_name: 'X' }, institutions: [], raw_author_name: 'X' }] });
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { found: 1 } });
    expect(await bg.ask({ type: 'author-correct', arxivId: '2406.00002', index: 0, names: ['Other, Paper'], openalexId: null, everywhere: false })).toMatchObject({ ok: true });
    const userBefore = await dumpRecords();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBeGreaterThan(0); // network-only: nothing was kept
    // The reader's own changes under it: each refused whole, none half-done.
    expect(await bg.ask({ type: 'follow', id: 'A5999999001', name: 'New' })).toMatchObject({ ok: false });
    expect(await bg.ask({ type: 'mark-all-seen' }, FROM_POPUP)).toMatchObject({ ok: false });
    const file = JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A5999999002' }], corrections: [{ arxivId: '2406.00001', index: 0, name: 'Y, Z', openalexId: null }] });
    const imported = await bg.ask<{ ok: boolean }>({ type: 'import-follows', text: file }, FROM_POPUP);
    expect(imported.ok && imported.data.ok).toBe(false);
    expect(await dumpRecords()).toEqual(userBefore);
    // Only the corrections' record full: the follows come in, and the answer says the corrections did not.
    put.mockRestore();
    const corrections = failUserWrites((r) => r.key === 'corrections');
    const half = await bg.ask({ type: 'import-follows', text: file }, FROM_POPUP);
    expect(half).toMatchObject({ ok: true, data: { ok: true, added: 1, corrections: { added: 0, failed: true } } });
    corrections.mockRestore();
    const followsLost = await lost();
    tried('idb-quota-exceeded', { followsLost });
    expect(followsLost).toBe(0);
    later(61_000);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBe(0); // cached again
  });

  it('[idb-corrupt] a database that cannot be opened: network-only; "Clear cache" recovers it; follows untouched', async () => {
    const idb = new IDBFactory();
    let corrupt = true;
    const realOpen = idb.open.bind(idb);
    vi.spyOn(idb, 'open').mockImplementation((name, version) => {
      // The cache's files are broken; the user-data database is another one.
      if (!corrupt || name !== DB_NAME) return realOpen(name, version);
      const request = new EventTarget() as IDBOpenDBRequest;
      Object.defineProperty(request, 'error', { value: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError') });
      setTimeout(() => request.dispatchEvent(new Event('error')));
      return request;
    });
    const realDelete = idb.deleteDatabase.bind(idb);
    vi.spyOn(idb, 'deleteDatabase').mockImplementation((name) => {
      corrupt = false; // deleting the broken files is what repairs it
      return realDelete(name);
    });
    const bg = startBackground({ idb });
    const lost = await followSome(bg);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await bg.ask({ type: 'cache-clear' }, FROM_POPUP)).toMatchObject({ ok: true });
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBe(0);
    const followsLost = await lost();
    tried('idb-corrupt', { followsLost });
    expect(followsLost).toBe(0);
  });

  it('[idb-blocked-upgrade] an old connection blocking the upgrade: network-only meanwhile, cached once it is gone', async () => {
    const later = clock();
    const idb = new IDBFactory();
    await EARLIER[1]!(idb, []);
    const old = await new Promise<IDBDatabase>((resolve) => { const r = idb.open(DB_NAME, 1); r.onsuccess = () => resolve(r.result); });
    const bg = startBackground({ idb });
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    old.close();
    later(61_000);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBe(0);
    tried('idb-blocked-upgrade');
  });

  it('[idb-upgrade-every-version] a database from every earlier version, with data: upgraded, its answers served without a request', async () => {
    expect(Object.keys(EARLIER).map(Number)).toEqual(Array.from({ length: DB_VERSION - 1 }, (_, i) => i + 1));
    // what the current version stores for this page
    const source = new IDBFactory();
    const first = startBackground({ idb: source });
    await pageLoads(first);
    const records = await dump(source);
    expect(records.length).toBeGreaterThan(0);
    for (const [version, build] of Object.entries(EARLIER)) {
      const idb = new IDBFactory();
      await build(idb, records);
      await fakeBrowser.storage.local.set({ follows: [{ id: 'A1', name: 'Kept', followedAt: 1, checkedAt: null, seen: {} }] });
      const bg = startBackground({ idb });
      expect(await pageLoads(bg), `from v${version}`).toBe(0);
      const state = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
      const followsLost = state.ok && state.data.follows.some((f) => f.id === 'A1') ? 0 : 1;
      tried('idb-upgrade-every-version', { followsLost });
      expect(followsLost).toBe(0);
    }
  });

  it('[idb-open-hangs] an open that never settles: network-only within the timeout, then rebuilt; follows untouched', async () => {
    const idb = new IDBFactory();
    let stuck = true;
    const realOpen = idb.open.bind(idb);
    // A request that never fires success, error or blocked: what a wedged cache database gives.
    vi.spyOn(idb, 'open').mockImplementation((name, version) => (stuck && name === DB_NAME ? (new EventTarget() as IDBOpenDBRequest) : realOpen(name, version)));
    const realDelete = idb.deleteDatabase.bind(idb);
    vi.spyOn(idb, 'deleteDatabase').mockImplementation((name) => {
      stuck = false;
      return realDelete(name);
    });
    const bg = startBackground({ idb });
    const lost = await followSome(bg);
    const t0 = performance.now();
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(await pageLoads(bg)).toBeGreaterThan(0); // the rebuilt database fills
    expect(await pageLoads(bg)).toBe(0); // and answers
    const followsLost = await lost();
    tried('idb-open-hangs', { followsLost });
    expect(followsLost).toBe(0);
  });

  it('[idb-newer-version] a database of a newer version: network-only, then rebuilt without "Clear cache"; follows untouched', async () => {
    const idb = new IDBFactory();
    await new Promise<void>((resolve) => { const r = idb.open(DB_NAME, DB_VERSION + 5); r.onsuccess = () => { r.result.close(); resolve(); }; });
    const bg = startBackground({ idb });
    const lost = await followSome(bg);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBeGreaterThan(0);
    expect(await pageLoads(bg)).toBe(0);
    const followsLost = await lost();
    tried('idb-newer-version', { followsLost });
    expect(followsLost).toBe(0);
  });

  it('[damaged-follow-storage] a damaged entry alone is dropped; follow storage that is not a list reads as empty and heals', async () => {
    const good = (id: string) => ({ id, name: `Kept ${id}`, followedAt: 1, checkedAt: null, seen: {} });
    // As an earlier Weft left them in storage.local: moved as they are, read entry by entry.
    await fakeBrowser.storage.local.set({ follows: [good('A11'), { id: 'https://evil.example', name: 1 }, null, good('A12'), { ...good('A13'), seen: 'x' }] });
    const bg = startBackground();
    const ids = async () => {
      const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
      expect(r.ok).toBe(true);
      return r.ok ? r.data.follows.map((f) => f.id).sort() : [];
    };
    expect(await ids()).toEqual(['A11', 'A12']);
    expect(await bg.ask({ type: 'follow', id: 'A14', name: 'New' })).toMatchObject({ ok: true });
    const after = await ids();
    const followsLost = ['A11', 'A12'].filter((id) => !after.includes(id)).length;
    expect(after).toEqual(['A11', 'A12', 'A14']);
    await putRecords({ key: 'follows', version: 1, value: 'not a list' });
    expect(await ids()).toEqual([]);
    expect(await bg.ask({ type: 'follow', id: 'A15', name: 'New' })).toMatchObject({ ok: true });
    expect(await ids()).toEqual(['A15']);
    tried('damaged-follow-storage', { followsLost });
  });

  it('[settings-damaged-version] a damaged settings version: read field by field, repaired once with a warning, the alarm still made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fakeBrowser.storage.local.set({ settings: { version: 0, show: { related: false, badges: 'yes' }, alerts: { intervalMinutes: 720, notify: false } } });
    const bg = startBackground();
    // What the worker's start does: repair the stored object, then make sure the alarm exists.
    await migrateStoredSettings();
    await bg.deps.follows.start();
    expect(await bg.ask({ type: 'page-settings' })).toMatchObject({ ok: true, data: { show: { related: false, badges: true, paper: true } } });
    expect(await fakeBrowser.alarms.get('weft-follows-check')).toMatchObject({ periodInMinutes: 720 });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({ version: 2, show: { related: false, badges: true } });
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('settings'))).toHaveLength(1);
    tried('settings-damaged-version');
  });
});
