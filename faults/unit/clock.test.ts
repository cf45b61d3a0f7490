/**
 * The clock stepped back or forward (a laptop's clock corrected, a time zone or NTP jump):
 * nothing that waits on a time waits for the size of the step. A page's request allowance
 * never owes the time the clock went back; a remembered spent OpenAlex allowance is rechecked
 * against the clock when read, in both directions.
 */
import { fakeBrowser } from 'wxt/testing';
import { dispatch } from '@/lib/background/server';
import { createSenderLimit } from '@/lib/background/sender-limit';
import { SENDER_BURST, SENDER_PER_SECOND } from '@/lib/shared/limits';
import { OA_HOST } from '../../e2e/fake-apis.mjs';
import { tried } from '../ledger.mjs';
import { FROM_ARXIV, startBackground } from './background';

const HOUR = 3_600_000;
const isList = (u: URL) => u.host === OA_HOST && /^\/(authors|works)\/?$/.test(u.pathname);
const nextMidnight = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};

describe('clock jumps', () => {
  it('[clock-jumps] a page’s allowance: the clock set back an hour costs it no wait beyond the refill', async () => {
    const bg = startBackground();
    let t = Date.UTC(2026, 5, 1, 12);
    const limit = createSenderLimit({ now: () => t });
    const ask = () => dispatch(bg.handlers, { type: 'followed-ids' }, FROM_ARXIV as never, fakeBrowser.runtime.id, limit);
    for (let i = 0; i < SENDER_BURST; i++) await ask();
    t -= HOUR;
    const held = await ask();
    expect(held).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    const wait = !held.ok ? held.error.retryAt! - Date.now() : 0;
    expect(wait).toBeLessThanOrEqual(1000 / SENDER_PER_SECOND + 50);
    t += 1000; // a second later by the new clock: the page may ask again
    expect(await ask()).toMatchObject({ ok: true });
    // Forward: a jump ahead refills no more than the burst.
    t += 10 * HOUR;
    const burst = await Promise.all(Array.from({ length: SENDER_BURST + 5 }, ask));
    expect(burst.filter((r) => r.ok)).toHaveLength(SENDER_BURST);
    tried('clock-jumps');
  });

  it('[clock-jumps] a spent OpenAlex allowance, remembered, then the clock set back two days or forward past the reset', async () => {
    let offset = 0;
    const real = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
    const bg = startBackground();
    bg.fake.setTwists({ budgetSpent: true });
    const ids = bg.catalog.people.map((p) => p.openalexId!);
    await bg.ask({ type: 'author-metrics', ids });
    expect(bg.requests.filter(isList)).toHaveLength(1);

    // A new worker after the clock went back two days: the stored reset is two days further
    // away than the allowance's own reset, and is held to it.
    offset = -48 * HOUR;
    const back = startBackground();
    back.fake.setTwists({ budgetSpent: true });
    const held = await back.deps.openalex.budgetResetAt();
    expect(held).toBeGreaterThan(Date.now());
    expect(held).toBeLessThanOrEqual(nextMidnight(Date.now()) + 10 * 60_000);
    expect(back.requests.filter(isList)).toHaveLength(0);

    // Forward past the reset: list calls go out again.
    offset = 72 * HOUR;
    const ahead = startBackground();
    expect(await ahead.deps.openalex.budgetResetAt()).toBe(0);
    expect(await ahead.ask({ type: 'author-metrics', ids })).toMatchObject({ ok: true });
    expect(ahead.requests.filter(isList)).toHaveLength(1);
    tried('clock-jumps');
  });
});
