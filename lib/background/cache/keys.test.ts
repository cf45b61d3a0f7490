import { IDBFactory } from 'fake-indexeddb';
import { createCache } from './cache';
import { CACHE_KEYS, cacheKey } from './keys';

const DAY = 86_400_000;

describe('cache keys', () => {
  it('give each kind of value its own keys, carrying its shape', () => {
    const keys = Object.values(CACHE_KEYS).map((key) => key('2406.05546'));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/@\d+:2406\.05546$/);
    expect(CACHE_KEYS.openAlexSummary.idOf(CACHE_KEYS.openAlexSummary('W4389761608'))).toBe('W4389761608');
  });

  it('treat an entry written in an older shape as a miss: it is fetched again, not shown without its new fields', async () => {
    const cache = createCache({ factory: new IDBFactory() });
    const before = cacheKey('oa:author', 1);
    const after = cacheKey('oa:author', 2);
    await cache.put(before('A5023888391'), { displayName: 'Jason Priem' }, 7 * DAY);
    const loader = vi.fn(async () => ({ displayName: 'Jason Priem', orcid: '0000-0001-6187-6610' }));
    const read = await cache.read(after('A5023888391'), 7 * DAY, loader);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(read.value).toEqual({ displayName: 'Jason Priem', orcid: '0000-0001-6187-6610' });
  });

  it('treat an entry stored before shapes were versioned as a miss', async () => {
    const cache = createCache({ factory: new IDBFactory() });
    await cache.put('oa:author:A5023888391', { displayName: 'Jason Priem' }, 7 * DAY);
    expect(await cache.get(CACHE_KEYS.openAlexAuthor('A5023888391'))).toBeUndefined();
  });
});
