/**
 * What a page can make Weft spend: a page script writing a made-up listing (ids no catalog has,
 * real-looking names) and asking for its authors, again and again. Counted in catalog requests
 * and OpenAlex list calls (credits), not in messages: the page is held to its daily share
 * (PAGE_DAILY_CREDITS, PAGE_DAILY_REQUESTS), then answered "page-paused"; another tab and Weft's
 * own pages are not.
 */
import { fakeBrowser } from 'wxt/testing';
import { dispatch } from '@/lib/background/server';
import { createPageAllowance } from '@/lib/background/page-allowance';
import { createSenderLimit } from '@/lib/background/sender-limit';
import { PAGE_DAILY_CREDITS, PAGE_DAILY_REQUESTS } from '@/lib/shared/limits';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { tried } from '../ledger.mjs';
import { FROM_ARXIV, FROM_POPUP, ID, startBackground, type Background } from './background';

const isList = (u: URL) => u.host === OA_HOST && /^\/(authors|works)\/?$/.test(u.pathname);
const catalogCalls = (bg: Background, from = 0) => bg.requests.slice(from).filter((u) => u.host === OA_HOST || u.host === S2_HOST).length;

/** A listing no catalog has: `papers` entries of `names` authors each, named like real people so candidates turn up. */
function madeUp(bg: Background, start: number, papers: number, names: number) {
  const people = bg.catalog.people.map((p) => p.name.split(' ').reverse().join(', '));
  // Half of them real people's names (candidates turn up, so shared works are asked), half new ones (one autocomplete each).
  const name = (k: number, j: number) => (j % 2 ? `Madeup${start + k}x${j}, Person` : people[(k + j) % people.length]!);
  const entry = (k: number) => ({ arxivId: `2607.${String(10_000 + start + k).padStart(5, '0')}`, names: Array.from({ length: names }, (_, j) => name(k, j)), category: 'cs.DC' });
  const list = Array.from({ length: papers }, (_, k) => entry(k));
  return { type: 'papers-authors', papers: list, ahead: list.map((p) => p.arxivId), upcoming: list, onlyFollowed: false };
}

describe('what a page can make Weft spend', () => {
  it('[credits-made-up-listing] [msg-flood] a made-up listing asked for again and again: held to the page’s daily share in credits and requests, then "page-paused"; other tabs and Weft’s pages go on', async () => {
    const bg = startBackground({ n: 40 });
    const allowance = createPageAllowance({ store: null });
    const limit = createSenderLimit();
    const ask = (m: unknown, sender: object = FROM_ARXIV) => dispatch(bg.handlers, m, sender as never, fakeBrowser.runtime.id, limit, allowance);

    // One message that could cost more than the whole share is refused before any request.
    const huge = await ask(madeUp(bg, 0, 500, 100));
    expect(huge).toMatchObject({ ok: false, error: { kind: 'page-paused', retryAt: expect.any(Number) } });
    expect(catalogCalls(bg)).toBe(0);

    // Smaller ones, sent until the page is paused: the catalog calls they cause stay within the share.
    let paused = 0;
    for (let k = 0; k < 200 && !paused; k++) {
      const answers = await Promise.all([0, 1].map((i) => ask(madeUp(bg, 500 + (2 * k + i) * 20, 20, 12))));
      paused = answers.filter((r) => !r.ok && r.error.kind === 'page-paused').length;
    }
    await bg.deps.cache.settle();
    await new Promise((r) => setTimeout(r, 200)); // the identification ahead of the reader, still running
    const credits = bg.requests.filter(isList).length;
    const requests = catalogCalls(bg);
    expect(paused).toBeGreaterThan(0);
    console.info(`made-up listing: ${credits} list calls, ${requests} catalog requests, spent ${JSON.stringify(allowance.spent(FROM_ARXIV as never))}`);
    expect(credits).toBeLessThanOrEqual(PAGE_DAILY_CREDITS);
    expect(requests).toBeLessThanOrEqual(PAGE_DAILY_REQUESTS);
    expect(allowance.spent(FROM_ARXIV as never).credits).toBeLessThanOrEqual(PAGE_DAILY_CREDITS);

    // Still paused: requests that cost nothing go; another tab and Weft's own pages are not held back.
    expect(await ask(madeUp(bg, 9000, 100, 12))).toMatchObject({ ok: false, error: { kind: 'page-paused' } });
    expect(await ask({ type: 'page-settings' })).toMatchObject({ ok: true });
    const other = { ...FROM_ARXIV, tab: { id: 8 } };
    expect(await ask({ type: 'paper-authors', arxivId: ID, names: bg.names.slice(0, 4), eager: 4 }, other)).toMatchObject({ ok: true });
    expect(await ask({ type: 'search-researchers', q: 'a' }, FROM_POPUP)).toMatchObject({ ok: true });
    tried('credits-made-up-listing');
    tried('msg-flood');
  }, 120_000);

  it('[credits-made-up-listing] the share is a tab’s for the day: kept across a worker restart, back at midnight UTC', async () => {
    let t = Date.UTC(2026, 5, 1, 20);
    const saved: { value?: unknown } = {};
    const store = { get: async () => saved.value, set: async (v: unknown) => void (saved.value = v) };
    const bg = startBackground({ n: 40 });
    const first = createPageAllowance({ store, now: () => t, daily: { credits: 5, requests: 200 } });
    const ask = (a: typeof first, m: unknown) => dispatch(bg.handlers, m, FROM_ARXIV as never, fakeBrowser.runtime.id, undefined, a);
    let k = 0;
    while ((await ask(first, madeUp(bg, k * 10, 10, 6))).ok) k++;
    await new Promise((r) => setTimeout(r, 50));
    const restarted = createPageAllowance({ store, now: () => t, daily: { credits: 5, requests: 200 } });
    expect(await ask(restarted, madeUp(bg, 5000, 10, 6))).toMatchObject({ ok: false, error: { kind: 'page-paused', retryAt: Date.UTC(2026, 5, 2) } });
    t = Date.UTC(2026, 5, 2, 0, 1);
    expect(await ask(restarted, madeUp(bg, 6000, 2, 2))).toMatchObject({ ok: true });
    tried('credits-made-up-listing');
  });
});
