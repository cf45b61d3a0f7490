import { createCache } from './cache';
import { openCacheDb } from './db';
import { cacheTestHooks, MINUTE, setup, T0 } from './test-helpers';

cacheTestHooks();

describe('memory layer', () => {
  it('answers repeated reads from memory, and a restarted worker from the database', async () => {
    const { cache, factory, clock } = setup();
    await cache.put('k', 1, MINUTE);
    // Change the stored record behind the cache's back: only a read that skips IndexedDB still sees 1.
    const db = await openCacheDb({ factory });
    await db.put('entries', { key: 'k', value: 2, fetchedAt: T0, expiresAt: T0 + MINUTE, lastAccess: T0, size: 10 });
    db.close();
    expect((await cache.get('k'))?.value).toBe(1);
    const restarted = createCache({ factory, now: () => clock.now });
    expect((await restarted.get('k'))?.value).toBe(2);
  });
});
