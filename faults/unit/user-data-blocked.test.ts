/**
 * The user-data database's upgrade blocked by a connection of the version before (another
 * worker instance, a Weft page left open), while the reader follows, imports and marks papers
 * seen: each waits for the upgrade rather than failing or writing elsewhere, and completes once
 * the old connection is gone; nothing is lost or done twice. (This Weft's schema is bumped by
 * one for the test: there is no earlier version to block it in the shipped one.)
 */
import { openDB } from 'idb';
import { IDBFactory } from 'fake-indexeddb';
import { USER_DB_NAME, USER_DB_VERSION, upgradeUserDb, type UserSchema } from '@/lib/background/user-data/schema';
import { tried } from '../ledger.mjs';
import { FROM_POPUP, startBackground } from './background';

vi.mock('@/lib/background/user-data/schema', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/background/user-data/schema')>();
  return { ...real, USER_DB_VERSION: real.USER_DB_VERSION + 1 };
});

describe('user data behind a blocked upgrade', () => {
  it('[user-data-blocked-upgrade] follow, import and mark-seen wait for the upgrade, then complete once; nothing lost', async () => {
    const idb = new IDBFactory();
    vi.stubGlobal('indexedDB', idb);
    // The version before, with a follow in it, held open and never closing for the upgrade.
    const old = await openDB<UserSchema>(USER_DB_NAME, USER_DB_VERSION - 1, { upgrade: (d, v) => upgradeUserDb(d, v) });
    await old.put('records', { key: 'follows', version: 1, value: [{ id: 'A5000000011', name: 'Kept', followedAt: 1, checkedAt: 1, seen: {} }] });
    old.addEventListener('versionchange', () => undefined); // a connection that does not give way
    const bg = startBackground({ idb });
    const A = bg.catalog.people[0]!.openalexId!;
    const file = JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A5000000012', name: 'Imported' }] });
    let settled = 0;
    const pending = [
      bg.ask({ type: 'follow', id: A, name: 'Followed' }),
      bg.ask({ type: 'import-follows', text: file }, FROM_POPUP),
      bg.ask({ type: 'mark-all-seen' }, FROM_POPUP),
    ].map((p) => p.finally(() => settled++));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(0); // waiting for the upgrade, not failed
    old.close();
    const [follow, imported, seen] = await Promise.all(pending);
    expect(follow).toMatchObject({ ok: true, data: { followed: true } });
    expect(imported).toMatchObject({ ok: true, data: { ok: true, added: 1 } });
    expect(seen).toMatchObject({ ok: true });
    const state = await bg.deps.follows.state();
    const ids = state.follows.map((f) => f.id).sort();
    expect(ids).toEqual(['A5000000011', 'A5000000012', A].sort());
    tried('user-data-blocked-upgrade', { followsLost: ids.includes('A5000000011') ? 0 : 1 });
  });
});
