// @vitest-environment happy-dom
/**
 * arXiv's announcement as hostile input, through the whole background (same-day alerts,
 * docs/same-day-alerts.md): a body past its bound, an error page served with 200, markup in
 * titles and names, a paper with a thousand names; and a feed with entity declarations, read by the
 * same reader. Measured: scripts executed (none can: every field stays text), follows lost.
 */
import { fakeBrowser } from 'wxt/testing';
import type { FollowsState } from '@/lib/background/protocol';
import { readAnnouncementText } from '@/lib/shared/announcement-read';
import { MAX_ENTRY_AUTHORS, MAX_TITLE_CHARS } from '@/lib/shared/limits';
import { tried } from '../ledger.mjs';
import { newListingHtml, rssXml } from '../../e2e/fake-announcement.mjs';
import { FROM_POPUP, startBackground, type Background, type Route } from './background';

// arXiv's politeness wait is recorded, not waited (the fetch layer's own waits are: ./setup.ts).
vi.mock('@/lib/background/same-day/arxiv-fetch', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/background/same-day/arxiv-fetch')>();
  return { ...real, createArxivFetch: (o = {}) => real.createArxivFetch({ sleep: async () => undefined, granted: async () => true, ...o }) };
});

const LIST = /^\/list\/[^/]+\/new$/;
/** arXiv answers its /new listings with `answer`; everything else is the fake catalog. */
const listing = (answer: () => Response): Route => (url) => (url.host === 'arxiv.org' && LIST.test(url.pathname) ? answer() : undefined);
const html = (body: string) => () => new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });

async function state(bg: Background) {
  const r = await bg.ask<FollowsState & { sameDay: { mode: { kind: string; why?: string }; problem: { kind: string } | null } }>({ type: 'follows-state' }, FROM_POPUP);
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

/** Follows page author #1 and waits until Weft knows which announcements are theirs. */
async function follow(bg: Background) {
  const me = bg.catalog.people[1]!;
  expect(await bg.ask({ type: 'follow', id: me.openalexId, name: me.name })).toMatchObject({ ok: true });
  await vi.waitFor(async () => expect((await state(bg)).sameDay.mode).toMatchObject({ kind: 'arxiv' }), { timeout: 5000 });
  return { me, coauthor: bg.catalog.people[2]! };
}

const arxivRequests = (bg: Background) => bg.requests.filter((u) => u.host === 'arxiv.org').length;
const checkNow = (bg: Background) => bg.ask({ type: 'check-now' }, FROM_POPUP);

beforeEach(() => {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
});

describe('a hostile announcement', () => {
  it('stops reading a body past its bound, says the announcement could not be read, and does not download it again', async () => {
    let pulled = 0;
    const endless = () => new Response(new ReadableStream({
      pull(c) {
        pulled += 1 << 20;
        c.enqueue(new TextEncoder().encode('<p>'.repeat((1 << 20) / 3)));
        if (pulled > 64 << 20) c.close();
      },
    }), { status: 200, headers: { 'content-type': 'text/html' } });
    const bg = startBackground({ route: listing(endless) });
    await follow(bg);
    await checkNow(bg);
    expect(pulled).toBeLessThanOrEqual(10 << 20);
    expect((await state(bg)).sameDay).toMatchObject({ mode: { kind: 'catalog', why: 'unreadable' }, problem: { kind: 'unreadable' } });
    await checkNow(bg);
    expect(arxivRequests(bg)).toBe(1);
    tried('hostile-announcement', { scriptsExecuted: 0, followsLost: (await state(bg)).follows.length === 1 ? 0 : 1 });
  });

  it('takes an error page served with 200 for no announcement: nothing alerted, catalog only said', async () => {
    const bg = startBackground({ route: listing(html('<!doctype html><title>Just a moment…</title><h1>Checking your browser</h1>')) });
    await follow(bg);
    await checkNow(bg);
    const s = await state(bg);
    expect(s.inbox).toEqual([]);
    expect(s.sameDay.mode).toEqual({ kind: 'catalog', why: 'unreadable' });
    tried('hostile-announcement', { followsLost: s.follows.length === 1 ? 0 : 1 });
  });

  it('keeps titles and names as bounded text, and still finds the followed researcher’s paper', async () => {
    let page = '';
    const bg = startBackground({ route: listing(() => html(page)()) });
    const { me, coauthor } = await follow(bg);
    const payload = '<img src=x onerror="globalThis.__weftPwned=1"><script>globalThis.__weftPwned=2</script>';
    page = newListingHtml('Tuesday, 1 December 2026', [{ heading: 'New submissions', entries: [{
      id: '2612.00001',
      title: `${'&lt;svg onload=alert(1)&gt;'.repeat(400)} ${payload}`,
      authors: [me.name, `<b>${coauthor.name}</b>`, `Mal Ory${payload}`, ...Array.from({ length: 1_000 }, (_, i) => `Extra Person${i}`)],
      categories: ['cs.DC'],
      abstract: payload,
    }] }]);
    await checkNow(bg);
    const s = await state(bg);
    const paper = s.inbox.find((p) => p.arxivId === '2612.00001');
    expect(paper).toMatchObject({ source: 'arxiv', authorIds: [me.openalexId] });
    expect(paper!.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(paper!.title.startsWith('<svg onload=alert(1)>')).toBe(true); // text, as printed
    expect(paper!.authorCount).toBe(MAX_ENTRY_AUTHORS);
    expect((globalThis as { __weftPwned?: number }).__weftPwned).toBeUndefined();
    tried('hostile-announcement', { scriptsExecuted: (globalThis as { __weftPwned?: number }).__weftPwned ? 1 : 0, followsLost: s.follows.length === 1 ? 0 : 1 });
  });

  it('refuses a feed with entity declarations before parsing, and malformed XML as no announcement', () => {
    const sieve = { families: ['cao'], topics: [] };
    const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${rssXml(['cs'], '2026-12-01', []).replace(/^<\?xml[^>]*\?>/, '').replace('<title>', '<title>&c;')}`;
    expect(readAnnouncementText(laughs, 'feed', 'https://rss.arxiv.org/rss/cs', sieve)).toEqual({ unreadable: 'declarations' });
    const external = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&x;</title></channel></rss>';
    expect(readAnnouncementText(external, 'feed', 'https://rss.arxiv.org/rss/cs', sieve)).toEqual({ unreadable: 'declarations' });
    expect(readAnnouncementText('<rss version="2.0"><channel><item><title>open', 'feed', 'https://rss.arxiv.org/rss/cs', sieve)).toEqual({ unreadable: 'not-an-announcement' });
    tried('hostile-announcement', { scriptsExecuted: 0 });
  });
});
