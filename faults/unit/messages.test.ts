/**
 * Hostile messages to the background, delivered as runtime.onMessage delivers them: unknown
 * types, bad ids, smuggled URLs, untrusted senders. Each is refused with "bad-request" and
 * makes no request; nothing it asked for changes.
 */
import { fakeBrowser } from 'wxt/testing';
import { dumpRecords } from '@/lib/background/user-data/testing';
import { tried } from '../ledger.mjs';
import { FROM_ARXIV, FROM_POPUP, ID, startBackground } from './background';

const EVIL = 'https://evil.example/steal?c=';

async function refusedWithoutRequests(messages: unknown[], sender: object = FROM_ARXIV) {
  const bg = startBackground();
  for (const m of messages) {
    const r = await bg.ask(m, sender);
    expect(r, JSON.stringify(m)?.slice(0, 120)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  }
  await bg.deps.cache.settle();
  expect(bg.requests.map(String)).toEqual([]);
  return bg;
}

describe('hostile messages', () => {
  it('[msg-unknown-type] unknown types, non-objects and null are refused', async () => {
    await refusedWithoutRequests([
      { type: 'fetch', url: EVIL }, { type: 'eval', code: '1' }, { type: '__proto__' }, { type: 'constructor' },
      { type: 'PAPER-AUTHORS', arxivId: ID, names: ['A, B'] }, {}, null, undefined, 42, 'paper-authors', ['paper-authors'],
      { type: { toString: 'paper-authors' } }, Object.create(null),
    ]);
    tried('msg-unknown-type');
  });

  it('[msg-bad-ids] malformed, versioned, prefixed and overlong ids are refused', async () => {
    await refusedWithoutRequests([
      ...['2406.05546v2', 'arXiv:2406.05546', '2406.5546', '2406.055460', 'math/0211159v2', 'MATH/0211159', '../../authors', '2406.05546%2F..', ' 2406.05546', 'x'.repeat(70), '', '2406.05546\n']
        .map((arxivId) => ({ type: 'paper-citations', arxivId })),
      ...['A1 ', 'a5001', 'A', 'A1234567890123', 'W1', 'A1|A2', 'A1,A2'].map((id) => ({ type: 'researcher', id })),
      ...['A1 ', 'A1|A2', 'A1,A2', 'W1'].map((id) => ({ type: 'researcher-works', id, order: 'recent', page: 1 })),
      { type: 'researcher-works', id: 'A1', order: 'recent', page: -1 },
      { type: 'researcher-works', id: 'A1', order: 'publication_date:desc', page: 1 },
      { type: 'researcher-s2', id: 'A1', s2Id: '1741101/papers' },
      { type: 'open-researcher-page', id: 'A1', s2Id: '1?x=' },
      { type: 'open-researcher-page', id: 'A1', url: EVIL },
      { type: 'author-metrics', ids: [] },
      { type: 'author-metrics', ids: Array.from({ length: 501 }, (_, i) => `A${i + 1}`) },
      { type: 'paper-authors', arxivId: ID, names: ['x'.repeat(301)] },
      { type: 'paper-authors', arxivId: ID, names: [] },
      { type: 'paper-authors', arxivId: ID, names: ['A, B'], eager: -1 },
      { type: 'paper-authors', arxivId: ID, names: ['A, B'], eager: 1e9 },
    ]);
    tried('msg-bad-ids');
  });

  it('[msg-smuggled-url] URLs in place of ids or as extra keys are refused and never fetched', async () => {
    await refusedWithoutRequests([
      { type: 'paper-citations', arxivId: EVIL },
      { type: 'paper-citations', arxivId: 'https://arxiv.org/abs/2406.05546' },
      { type: 'related-papers', arxivId: ID, url: EVIL },
      { type: 'researcher', id: 'https://openalex.org/A5001000001' },
      { type: 'author-metrics', ids: [`${EVIL}A1`] },
      { type: 'search-papers', q: 'x', endpoint: EVIL },
      { type: 'follow', id: 'A1', name: 'x', url: EVIL },
      { type: 'paper-authors', arxivId: ID, names: ['A, B'], base: EVIL },
    ]);
    tried('msg-smuggled-url');
  });

  it('[msg-untrusted-sender] other sites, other extensions and content scripts asking for popup-only actions are refused; nothing changes', async () => {
    const bg = startBackground();
    const A = bg.catalog.people[0]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Kept' })).toMatchObject({ ok: true });
    // the follow's first check (its watermark) finishes before we start counting
    await vi.waitFor(async () => expect((await bg.deps.follows.state()).status.lastRunAt).not.toBeNull());
    await bg.deps.apiKeys.save({ openalex: 'KeptKey123' });
    const before = { local: await fakeBrowser.storage.local.get(), user: await dumpRecords() };
    const from = bg.requests.length;
    const senders = [
      { ...FROM_ARXIV, url: 'https://evil.example/abs/2406.05546' },
      { ...FROM_ARXIV, url: 'https://arxiv.org.evil.example/abs/2406.05546' },
      { ...FROM_ARXIV, url: 'http://arxiv.org/abs/2406.05546' },
      { ...FROM_ARXIV, id: 'another-extension' },
      { ...FROM_POPUP, id: 'another-extension' },
    ];
    for (const sender of senders) {
      for (const m of [{ type: 'paper-citations', arxivId: ID }, { type: 'unfollow', id: A }, { type: 'follow', id: 'A9', name: 'x' }]) {
        expect(await bg.ask(m, sender)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
      }
    }
    // Weft's own content script on arXiv may not do what only Weft's pages may
    const popupOnly = [
      { type: 'settings-set-keys', openalex: '' }, { type: 'settings-get' }, { type: 'settings-set', show: { badges: false } },
      { type: 'settings-test-key', service: 'openalex' }, { type: 'cache-stats' }, { type: 'cache-clear' },
      { type: 'import-follows', text: JSON.stringify({ format: 'weft-follows', version: 1, follows: [] }) },
      { type: 'mark-all-seen' }, { type: 'check-now' }, { type: 'follows-state' }, { type: 'alert-settings', notify: true },
    ];
    for (const m of popupOnly) expect(await bg.ask(m, FROM_ARXIV), m.type).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect({ local: await fakeBrowser.storage.local.get(), user: await dumpRecords() }).toEqual(before);
    expect(bg.requests.length).toBe(from);
    tried('msg-untrusted-sender');
  });

  it('[msg-sender-without-tab] a sender without a tab is not Weft’s page unless its URL is: refused, nothing changed', async () => {
    const bg = startBackground();
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'KeptKey123' } });
    const before = await fakeBrowser.storage.local.get();
    const from = bg.requests.length;
    const senders = [{ id: fakeBrowser.runtime.id }, { id: fakeBrowser.runtime.id, url: 'https://evil.example/' }, { id: fakeBrowser.runtime.id, origin: 'https://evil.example' }];
    for (const sender of senders) {
      for (const m of [{ type: 'settings-get' }, { type: 'cache-clear' }, { type: 'settings-set', show: { badges: false } }, { type: 'paper-citations', arxivId: ID }]) {
        expect(await bg.ask(m, sender), `${m.type} from ${JSON.stringify(sender)}`).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
      }
    }
    expect(await fakeBrowser.storage.local.get()).toEqual(before);
    expect(bg.requests.length).toBe(from);
    // Weft's own page, told apart by its URL, still may.
    expect(await bg.ask({ type: 'settings-get' }, FROM_POPUP)).toMatchObject({ ok: true });
    tried('msg-sender-without-tab');
  });
});
