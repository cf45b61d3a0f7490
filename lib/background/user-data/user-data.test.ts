import { IDBOpenDBRequest as FakeOpenRequest } from 'fake-indexeddb';
import { openDB } from 'idb';
import { fakeBrowser } from 'wxt/testing';
import { moveFromStorageLocal } from './legacy';
import { upgradeUserDb, USER_DB_NAME, USER_DB_VERSION, type UserSchema } from './schema';
import { dumpRecords, failUserWrites, freshIndexedDb, putRecords, refusingIndexedDb } from './testing';
import { onUserDataChange, readUserData, writeUserData } from './user-data';
import { IDB_OPEN_TIMEOUT_MS } from '../../shared/limits';

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

const connect = () => openDB<UserSchema>(USER_DB_NAME, USER_DB_VERSION, { upgrade: (d, v) => upgradeUserDb(d, v) });

describe('the user-data database', () => {
  it('writes several records all together or, when one fails, not at all', async () => {
    await writeUserData({ follows: ['old'], 'follow-inbox': ['old'] });
    const failing = failUserWrites((r) => r.key === 'follows');
    await expect(writeUserData({ 'follow-inbox': ['new'], follows: ['new'] })).rejects.toThrow(/quota/);
    failing.mockRestore();
    expect((await readUserData(['follows', 'follow-inbox'])).values).toEqual({ follows: ['old'], 'follow-inbox': ['old'] });
  });

  it('tells its listeners what a committed write changed, and nothing for a failed one', async () => {
    const heard: string[][] = [];
    const stop = onUserDataChange((keys) => heard.push(keys));
    await writeUserData({ corrections: [] });
    const failing = failUserWrites();
    await expect(writeUserData({ apiKeys: {} })).rejects.toThrow();
    failing.mockRestore();
    stop();
    expect(heard).toEqual([['corrections']]);
  });

  it('gives up an open that never settles: an error after the timeout, and the next call opens afresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const idb = freshIndexedDb();
      const realOpen = idb.open.bind(idb);
      // What a wedged IndexedDB gives: a request that never fires success, error or blocked.
      const wedged = vi.spyOn(idb, 'open').mockImplementation(() => new FakeOpenRequest() as unknown as IDBOpenDBRequest);
      const read = readUserData(['follows']);
      const failed = expect(read).rejects.toThrow(/did not settle/);
      await vi.advanceTimersByTimeAsync(IDB_OPEN_TIMEOUT_MS);
      await failed;
      wedged.mockImplementation((name, version) => realOpen(name, version));
      await writeUserData({ follows: ['kept'] });
      expect((await readUserData(['follows'])).values).toEqual({ follows: ['kept'] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a record a newer Weft wrote: read, never replaced', async () => {
    await putRecords({ key: 'corrections', version: 7, value: { future: true } });
    const read = await readUserData(['corrections']);
    expect(read.values.corrections).toEqual({ future: true });
    expect([...read.newer]).toEqual(['corrections']);
    await expect(writeUserData({ corrections: [], follows: [] })).rejects.toThrow(/newer version of Weft/);
    expect(await dumpRecords()).toEqual({ corrections: { key: 'corrections', version: 7, value: { future: true } } });
  });
});

describe('the move out of storage.local', () => {
  it('copies each key with its version, then removes it; a copy already made wins and the old one still goes', async () => {
    await fakeBrowser.storage.local.set({
      follows: [{ id: 'A1' }],
      'follows$': { v: 1 },
      corrections: [{ arxivId: '2406.05546' }],
      apiKeys: { openalex: 'Stale123456', s2: '' },
      settings: { version: 2 },
    });
    const db = await connect();
    // A start that copied the keys, then stopped before removing them.
    await db.put('records', { key: 'apiKeys', version: 1, value: { openalex: 'Newer123456', s2: '' } });
    await moveFromStorageLocal(db);
    db.close();
    expect(await dumpRecords()).toEqual({
      follows: { key: 'follows', version: 1, value: [{ id: 'A1' }] },
      corrections: { key: 'corrections', version: 1, value: [{ arxivId: '2406.05546' }] },
      apiKeys: { key: 'apiKeys', version: 1, value: { openalex: 'Newer123456', s2: '' } },
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { version: 2 } });
  });

  it('removes nothing when the copy fails, and copies on the next start', async () => {
    await fakeBrowser.storage.local.set({ follows: [{ id: 'A1' }] });
    const db = await connect();
    const failing = failUserWrites();
    await expect(moveFromStorageLocal(db)).rejects.toThrow();
    failing.mockRestore();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ follows: [{ id: 'A1' }] });
    await moveFromStorageLocal(db);
    db.close();
    expect((await dumpRecords()).follows?.value).toEqual([{ id: 'A1' }]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keeps the version a newer Weft recorded beside a value', async () => {
    await fakeBrowser.storage.local.set({ follows: { shape: 'of the future' }, 'follows$': { v: 3 } });
    expect((await readUserData(['follows'])).newer).toEqual(new Set(['follows']));
    expect((await dumpRecords()).follows).toEqual({ key: 'follows', version: 3, value: { shape: 'of the future' } });
  });
});

describe('where IndexedDB is not offered to the extension', () => {
  it('keeps the records in storage.local (the keys in storage.session), refuses to overwrite a newer one there too, and moves them into the database once it opens', async () => {
    refusingIndexedDb();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await writeUserData({ follows: [{ id: 'A1' }], apiKeys: { openalex: 'OaKey12345', s2: '' } });
    expect((await readUserData(['follows', 'apiKeys'])).values).toEqual({ follows: [{ id: 'A1' }], apiKeys: { openalex: 'OaKey12345', s2: '' } });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ follows: [{ id: 'A1' }], 'follows$': { v: 2 } });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ apiKeys: { openalex: 'OaKey12345', s2: '' }, 'apiKeys$': { v: 1 } });
    await fakeBrowser.storage.local.set({ corrections: { future: true }, 'corrections$': { v: 4 } });
    await expect(writeUserData({ corrections: [] })).rejects.toThrow(/newer version of Weft/);
    expect(warn).toHaveBeenCalled();

    freshIndexedDb(); // the reader switched history back on
    expect((await readUserData(['follows'])).values.follows).toEqual([{ id: 'A1' }]);
    expect((await dumpRecords()).corrections).toEqual({ key: 'corrections', version: 4, value: { future: true } });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
