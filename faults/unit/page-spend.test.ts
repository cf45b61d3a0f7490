/**
 * What a page can make Weft spend: a page script writing a made-up listing (ids no catalog has,
 * real-looking names) and asking for its authors, again and again. Counted in catalog requests
 * and OpenAlex list calls (credits), not in messages: the page is held to its daily share
 * (PAGE_DAILY_CREDITS, PAGE_DAILY_REQUESTS), then answered "page-paused"; another tab and Weft's
 * own pages are not. And the other side: a reader's own listings, read to their end, are never
 * paused, and are charged what they spent (whatever the grouping of their new papers cost).
 */
import { fakeBrowser } from 'wxt/testing';
import { dispatch } from '@/lib/background/server';
import { createPageAllowance } from '@/lib/background/page-allowance';
import { createSenderLimit } from '@/lib/background/sender-limit';
import { PAGE_DAILY_CREDITS, PAGE_DAILY_REQUESTS } from '@/lib/shared/limits';
import { createListingProfiles } from '@/lib/ui/listing-profiles';
import { RemoteError } from '@/lib/ui/client';
import type { PagePaper } from '@/lib/arxiv/page-model';
import type { WireResponse } from '@/lib/background/protocol';
import { FakeApis, OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { listingCatalog } from '../../e2e/fake-listing.mjs';
import { tried } from '../ledger.mjs';
import { FROM_ARXIV, FROM_POPUP, ID, startBackground, toResponse, type Background } from './background';

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
    const allowance = createPageAllowance({ store: null, identifier: bg.deps.fresh });
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
    const first = createPageAllowance({ store, now: () => t, daily: { credits: 30, requests: 2000 }, identifier: bg.deps.fresh });
    const ask = (a: typeof first, m: unknown) => dispatch(bg.handlers, m, FROM_ARXIV as never, fakeBrowser.runtime.id, undefined, a);
    let k = 0;
    while ((await ask(first, madeUp(bg, k * 10, 10, 6))).ok) k++;
    await new Promise((r) => setTimeout(r, 50));
    const restarted = createPageAllowance({ store, now: () => t, daily: { credits: 30, requests: 2000 }, identifier: bg.deps.fresh });
    expect(await ask(restarted, madeUp(bg, 5000, 10, 6))).toMatchObject({ ok: false, error: { kind: 'page-paused', retryAt: Date.UTC(2026, 5, 2) } });
    t = Date.UTC(2026, 5, 2, 0, 1);
    expect(await ask(restarted, madeUp(bg, 6000, 2, 2))).toMatchObject({ ok: true });
    tried('credits-made-up-listing');
  });
});

/** A name of letters only, different for every `n` (names with digits are no one's). */
const SYLLABLES = ['ba', 'ke', 'lo', 'mi', 'nu', 'ra', 'se', 'ti', 'vo', 'za', 'dan', 'fen', 'gor', 'hal', 'jun', 'kir', 'mar', 'nol', 'pet', 'sun'];
function word(n: number): string {
  let out = '';
  do {
    out += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return out[0]!.toUpperCase() + out.slice(1);
}

/** A listing of `n` entries of 2 to 10 authors (6 on average), each person on one entry, as arXiv's listings mostly are. */
function listing(n: number) {
  let people = 0;
  return Array.from({ length: n }, (_, k) => ({
    id: `2606.${String(20_000 + k)}`,
    names: Array.from({ length: 2 + ((k * 7) % 9) }, () => `${word(people)} ${word(people++ * 31 + 7)}`),
    category: 'cs.LG',
  }));
}

/**
 * A reader going down a listing a screen at a time, as listing-badges.tsx reports it: the
 * screen's entries in view, the next screen's near; each screen read once its badges settled.
 * Resolves with the answers that were refused.
 */
async function read(bg: Background, entries: ReturnType<typeof listing>, allowance: ReturnType<typeof createPageAllowance>, { screen = 10, skim = false } = {}) {
  const refused: string[] = [];
  const ask = async (request: unknown) => {
    const r = (await dispatch(bg.handlers, request, FROM_ARXIV as never, fakeBrowser.runtime.id, undefined, allowance)) as WireResponse<unknown>;
    if (r.ok) return r.data;
    refused.push(r.error.kind);
    throw new RemoteError(r.error);
  };
  const papers: PagePaper[] = entries.map((e) => ({
    arxivId: e.id, version: null, title: '', primaryCategory: e.category,
    authors: e.names.map((name, index) => ({ index, name, citationName: name, anchor: null, hidden: false })),
    element: {} as HTMLElement, authorsElement: null, hiddenAuthors: null, locateThrough: () => undefined,
  }));
  const profiles = createListingProfiles(papers, ask as never, { onlyFollowed: false });
  for (let top = 0; top < papers.length; top += screen) {
    const inView = Array.from({ length: Math.min(screen, papers.length - top) }, (_, i) => top + i);
    for (const k of inView) profiles.near(k, true);
    for (let k = top + screen; k < Math.min(papers.length, top + 2.5 * screen); k++) profiles.near(k, false);
    // A skimmer is on the next screen once this one's message has gone (it gathers for 16 ms), long
    // before the answers: the messages of many screens wait at once.
    if (skim) await new Promise((r) => setTimeout(r, 50));
    else await Promise.all(inView.map((k) => profiles.answered(k)));
  }
  await Promise.all(papers.map((_, k) => profiles.answered(k)));
  await bg.deps.cache.settle();
  // The identifications ahead of the reader still running (identity/fresh/pipeline.ts waits up to 3 s for company).
  await new Promise((r) => setTimeout(r, 3_500));
  profiles.dispose();
  return refused;
}

/** The kinds of the bench's /pastweek listing (bench/run.mjs, LISTINGS): 90 % indexed. */
const pastweek = (k: number) => (k % 20 === 7 ? 's2only' : k % 20 === 13 ? 'fresh' : 'indexed');

describe('what a reader’s own listing spends', () => {
  // Kinds as the bench's listings: /pastweek 90 % indexed, /new 80 % new papers.
  const cases = [
    { label: 'a 2,000-entry /pastweek page read to its end', n: 2000, kindOf: pastweek, skim: false, fill: 0.8 },
    // What a reader's messages may cost is held until each is answered, and a skimmer's are all out at once.
    // Its papers come in smaller messages whose calls are less full than the shares charged (70 % on average).
    { label: 'a 2,000-entry /pastweek page skimmed to its end, every screen asked before the first is answered', n: 2000, kindOf: pastweek, skim: true, fill: 0.65 },
    { label: 'a 400-entry /new page, 80 % new papers, read to its end', n: 400, kindOf: (k: number) => (k % 10 === 3 ? 'indexed' : k % 10 === 6 ? 's2only' : 'fresh'), skim: false, fill: 0.8 },
  ];
  for (const c of cases) {
    it(`[credits-made-up-listing] ${c.label}: never paused, charged what it spent and well inside the tab’s share`, async () => {
      const entries = listing(c.n);
      const fake = new FakeApis(listingCatalog(entries, { kindOf: c.kindOf }) as never);
      const bg = startBackground({ route: (url, init) => toResponse(fake.respond(init?.method ?? 'GET', url.href, typeof init?.body === 'string' ? init.body : null)) });
      const allowance = createPageAllowance({ store: null, identifier: bg.deps.fresh });
      const refused = await read(bg, entries, allowance, { skim: c.skim });
      const credits = bg.requests.filter(isList).length;
      const charged = allowance.spent(FROM_ARXIV as never);
      console.info(`${c.label}: ${credits} list calls, ${catalogCalls(bg)} catalog requests; charged ${charged.credits.toFixed(1)} credits, ${charged.requests.toFixed(0)} requests`);
      expect(refused).toEqual([]);
      // Charged what the reading spent (a list call's cost is shared by the papers it served, so about it)...
      expect(charged.credits).toBeGreaterThanOrEqual(c.fill * credits);
      // ...and well inside the tab's share: 40 % of it is left for the reader's other pages.
      expect(charged.credits).toBeLessThanOrEqual(0.6 * PAGE_DAILY_CREDITS);
      expect(charged.requests).toBeLessThanOrEqual(PAGE_DAILY_REQUESTS / 2);
      tried('credits-made-up-listing');
    }, 300_000);
  }
});
