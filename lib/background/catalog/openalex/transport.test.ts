import { client, json, list, madeUpAuthor, madeUpPreprint, project, quoted, read, RECORDED, T0 } from './test-helpers';
import { andRecorded, failure, madeUp } from '../test-helpers';
import { createBudgetMemory } from './budget';

describe('OpenAlex requests', () => {
  it('sends the optional API key as api_key', async () => {
    const { oa, urls } = client((url) => json(project(madeUpPreprint(), url)), { getKey: async () => 'k3y' });
    await oa.workByArxivId('2607.90001');
    expect(urls[0]!.searchParams.get('api_key')).toBe('k3y');
  });

  describe.each(andRecorded(
    RECORDED,
    { answers: 'made-up', response: () => quoted(madeUp('openalex-budget-429.txt')), resetIn: 43_200_000 },
    () => ({ answers: 'recorded', response: () => quoted(read('error-429-insufficient-budget.QUOTED.txt')), resetIn: 57_539_000 }),
  ))('budget, spent as the $answers 429 says', ({ response: budget429, resetIn }) => {
    const route = (url: URL) => (url.pathname === '/authors' ? budget429() : json(project(madeUpAuthor(), url)));

    it('fails list calls fast once the budget is spent, while free singletons still work', async () => {
      const onBudgetExhausted = vi.fn();
      let key: string | null = null;
      const { oa, urls } = client(route, { onBudgetExhausted, getKey: () => key });
      expect(await oa.budgetResetAt()).toBe(0);

      const e = await failure(oa.authorsByIds(['A5000000011']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', T0 + resetIn]);
      expect(onBudgetExhausted).toHaveBeenCalledWith(T0 + resetIn);
      expect(await oa.budgetResetAt()).toBe(T0 + resetIn);
      expect(urls).toHaveLength(1);

      expect((await failure(oa.worksByIds(['W1']))).kind).toBe('budget-exhausted');
      expect(urls).toHaveLength(1);

      await expect(oa.authorById('A5000000011')).resolves.toMatchObject({ hIndex: 14 });
      expect(urls).toHaveLength(2);

      // A key brings its own budget.
      key = 'fresh-key';
      await failure(oa.authorsByIds(['A5000000011']));
      expect(urls).toHaveLength(3);
      expect(urls[2]!.searchParams.get('api_key')).toBe('fresh-key');
    });

    it('remembers a spent budget across a worker restart, per key', async () => {
      let stored: Record<string, number> = {};
      const store = { getValue: async () => stored, setValue: async (v: Record<string, number>) => void (stored = v) };
      let key: string | null = 'OaKey12345';
      const before = client(route, { getKey: () => key, budget: createBudgetMemory(store, () => T0) });
      await failure(before.oa.authorsByIds(['A5000000011']));
      // The key itself is never written down, only a hash of it.
      expect(JSON.stringify(stored)).not.toContain('OaKey12345');

      // A new worker (a new client, nothing in memory) still knows: no request to learn it again.
      const after = client(route, { getKey: () => key, budget: createBudgetMemory(store, () => T0) });
      const e = await failure(after.oa.authorsByIds(['A5000000011']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', T0 + resetIn]);
      expect(await after.oa.budgetResetAt()).toBe(T0 + resetIn);
      expect(after.urls).toHaveLength(0);

      // Another key is another budget; past the reset the remembered one is forgotten.
      key = 'OtherKey678';
      expect(await after.oa.budgetResetAt()).toBe(0);
      key = 'OaKey12345';
      expect(await createBudgetMemory(store, () => T0 + resetIn + 1).resetAt(key)).toBe(0);
    });
  });

  describe('budget, per second', () => {
    it('retries a per-second 429 instead of treating it as a spent budget', async () => {
      let calls = 0;
      const { oa } = client((url) =>
        calls++ === 0
          ? json({ error: 'Rate limit exceeded', message: 'Rate limit exceeded: 10 requests per second. Please slow down.' }, 429)
          : json(list([madeUpAuthor()], url)),
      );
      await expect(oa.authorsByIds(['A5000000011'])).resolves.toHaveLength(1);
      expect(await oa.budgetResetAt()).toBe(0);
    });

    it('reads a budget 429 from the rate-limit headers alone, resetting at midnight UTC without Retry-After', async () => {
      const { oa } = client(() => json({}, 429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-credits-required': '1' }));
      const e = await failure(oa.authorsByIds(['A1']));
      expect([e.kind, e.retryAt]).toEqual(['budget-exhausted', Date.UTC(2026, 7, 22)]);
    });
  });
});
