import type { Identity } from '../catalog/identity';
import type { AuthorMetrics } from '../catalog/types';
import { RemoteError } from './client';
import type { AuthorSlot } from '../background/protocol';
import { createAuthorProfiles } from './author-profiles';
import { fakeAsk as fakeBackground, type FakeAnswers } from '@/test/fake-ask';

const metrics = (id: string, h: number): AuthorMetrics => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: `Person ${id}`,
  hIndex: h, citedBy: h * 100, works: h * 3, lastKnownInstitutions: [],
});
const identity = (openalexId: string | null, s2Id: string | null = null): Identity =>
  ({ match: openalexId || s2Id ? 'record' : null, openalexId, s2Id, evidence: [], candidates: [], note: null });
const oaSlot = (id: string | null, position: number | null = null): AuthorSlot => ({
  openalex: id ? { name: 'x', rawName: null, openalexId: id, s2Id: null, institutions: [], metrics: null } : null,
  s2: null,
  identity: identity(id),
  position,
});
const authors = (n: number, hiddenFrom = Infinity) =>
  Array.from({ length: n }, (_, i) => ({ index: i, name: `Name ${i}`, citationName: `Name, ${i}`, hidden: i >= hiddenFrom }));

/** The background: the paper's `slots`, the figures of each author asked for, and any `more` answers. */
function fakeAsk(slots: AuthorSlot[], opts: { failPaper?: boolean; failMetrics?: boolean; stale?: boolean } = {}, more: FakeAnswers = {}) {
  const metricsFor = (ids: string[], revalidate?: boolean) => {
    const out: Record<string, AuthorMetrics> = {};
    for (const id of ids) out[id] = metrics(id, Number(id.slice(1)));
    return { metrics: out, fetchedAt: 2000, stale: !!opts.stale && !revalidate };
  };
  const { ask, asked, of } = fakeBackground({
    'paper-authors': (req) => {
      if (opts.failPaper) throw new RemoteError({ kind: 'network', message: 'offline', retryAt: null });
      const eagerIds = slots.slice(0, req.eager ?? 0).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      const eagerMetrics = opts.failMetrics
        ? { error: { kind: 'network' as const, message: 'offline', retryAt: null } }
        : eagerIds.length ? metricsFor(eagerIds, req.revalidate) : null;
      return { source: 'openalex', openalexWorkId: 'W1', slots, s2Paired: true, fetchedAt: 1000, stale: false, eagerMetrics };
    },
    'author-metrics': (req) => metricsFor(req.ids, req.revalidate),
    ...more,
  });
  return { ask, calls: asked, of };
}

describe('author profiles', () => {
  it('shows OpenAlex metrics for matched authors and "unmatched" for the rest', async () => {
    const { ask } = fakeAsk([oaSlot('A12'), oaSlot(null), oaSlot('A7')]);
    const p = createAuthorProfiles({ arxivId: '2406.05546' }, authors(3), ask);
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['loading', 'loading', 'loading']);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['ready', 'unmatched', 'ready']);
    const s = p.entries[2]!.state.value;
    expect(s.kind === 'ready' && s.metrics.hIndex).toBe(7);
    // The page prints the paper's list: an author's position is its index, from the start.
    expect(p.entries.map((e) => e.position.value)).toEqual([0, 1, 2]);
  });

  it('on a page without its own author list, places each name where the record says', async () => {
    const { ask, calls } = fakeAsk([oaSlot('A3', 2), oaSlot('A4', 3), oaSlot(null, null)]);
    const p = createAuthorProfiles({ arxivId: '1411.4413' }, authors(3), ask, { ownList: false });
    expect(p.entries.map((e) => e.position.value)).toEqual([null, null, null]);
    await p.start();
    expect(p.entries.map((e) => e.position.value)).toEqual([2, 3, null]);
    expect(calls[0]).toMatchObject({ type: 'paper-authors', fullList: true });
  });

  it('on a page without its own author list, keeps a correction at the author\'s position in the paper\'s list', async () => {
    const { ask, of } = fakeAsk([oaSlot('A3', 2), oaSlot('A4', 3)], {}, {
      'author-correct': () => ({ identity: { ...identity('A9'), match: 'reader' }, metrics: metrics('A9', 9) }),
      'author-uncorrect': () => ({ removed: true }),
    });
    const p = createAuthorProfiles({ arxivId: '1411.4413' }, authors(2), ask, { ownList: false });
    await p.start();
    await p.correct(1, 'A9', false);
    // The second name printed is author 3 of the paper (as on its abs page), not author 1.
    expect(of('author-correct')[0]).toMatchObject({ index: 1, position: 3, names: ['Name, 0', 'Name, 1'], openalexId: 'A9' });
    expect(p.entries[1]!.state.value).toMatchObject({ kind: 'ready', match: 'reader' });
    await p.uncorrect(1);
    expect(of('author-uncorrect')[0]).toMatchObject({ index: 3 });
  });

  it('on a page without its own author list, uses the page\'s order when no catalog has the paper, or none answers', async () => {
    const bare: AuthorSlot = { openalex: null, s2: null, identity: identity(null), position: null };
    const { ask: fresh } = fakeBackground({
      'paper-authors': () => ({ source: null, openalexWorkId: null, slots: [bare, bare], s2Paired: true, fetchedAt: 1, stale: false, eagerMetrics: null }),
      'paper-identify': () => ({ identities: [identity(null), identity(null)], metrics: {}, fetchedAt: 1 }),
    });
    const p = createAuthorProfiles({ arxivId: '2406.99999' }, authors(2), fresh, { ownList: false });
    await p.start();
    expect(p.entries.map((e) => [e.position.value, e.state.value.kind])).toEqual([[0, 'unmatched'], [1, 'unmatched']]);
    const down = createAuthorProfiles({ arxivId: '2406.99999' }, authors(2), fakeAsk([], { failPaper: true }).ask, { ownList: false });
    await down.start();
    expect(down.entries.map((e) => [e.position.value, e.state.value.kind])).toEqual([[0, 'error'], [1, 'error']]);
  });

  it('loads the first 100 of a very long list with the page in one round trip, the rest on demand', async () => {
    const slots = Array.from({ length: 250 }, (_, i) => oaSlot(`A${i + 1}`));
    const { ask, calls, of } = fakeAsk(slots);
    const p = createAuthorProfiles({ arxivId: '1411.4413' }, authors(250, 100), ask);
    await p.start();
    expect(p.entries.slice(0, 100).every((e) => e.state.value.kind === 'ready')).toBe(true);
    expect(p.entries.slice(100).every((e) => e.state.value.kind === 'idle')).toBe(true);
    expect(calls.map((c) => c.type)).toEqual(['paper-authors']);
    expect(of('paper-authors')[0]!.eager).toBe(100);
    await p.load([150, 151]);
    expect(of('author-metrics').map((c) => c.ids)).toEqual([['A151', 'A152']]);
    expect(p.entries[150]!.state.value.kind).toBe('ready');
    expect(p.entries[152]!.state.value.kind).toBe('idle');
    expect(calls.filter((c) => c.type === 'paper-authors')).toHaveLength(1);
  });

  it('shows errors with retry, and retry recovers', async () => {
    const slots = [oaSlot('A3')];
    const failing = fakeAsk(slots, { failPaper: true });
    let ask = failing.ask;
    const p = createAuthorProfiles({ arxivId: '2406.05546' }, authors(1), (req) => ask(req));
    await p.start();
    const s = p.entries[0]!.state.value;
    expect(s.kind).toBe('error');
    ask = fakeAsk(slots).ask;
    await p.retry();
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('shows stale numbers at once and refreshes them in the background', async () => {
    const { ask, calls } = fakeAsk([oaSlot('A5')], { stale: true });
    const p = createAuthorProfiles({ arxivId: '2406.05546' }, authors(1), ask);
    await p.start();
    expect(p.entries[0]!.state.value.kind).toBe('ready');
    await vi.waitFor(() => expect(calls.some((c) => c.type === 'paper-authors' && c.revalidate)).toBe(true));
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('marks metrics that failed to load as errors, and retry fetches just those', async () => {
    const failing = fakeAsk([oaSlot('A3'), oaSlot(null)], { failMetrics: true });
    const p = createAuthorProfiles({ arxivId: '2406.05546' }, authors(2), failing.ask);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['error', 'unmatched']);
    await p.retry();
    expect(failing.calls.map((c) => c.type)).toEqual(['paper-authors', 'author-metrics']);
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('says "no profile" for authors nobody identifies (a paper no catalog has yet)', async () => {
    const { ask } = fakeAsk([oaSlot(null), oaSlot(null)]);
    const p = createAuthorProfiles({ arxivId: '2406.99999' }, authors(2), ask);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['unmatched', 'unmatched']);
  });

  it('carries Semantic Scholar\'s own figures beside OpenAlex\'s, and the match kind', async () => {
    const s2metrics = { ...metrics('A0', 14), source: 's2' as const, openalexId: null, s2Id: '77', hIndex: 14 };
    const slot: AuthorSlot = { ...oaSlot('A5'), s2: { name: 'x', rawName: null, openalexId: null, s2Id: '77', institutions: [], metrics: s2metrics } };
    const { ask } = fakeAsk([slot]);
    const p = createAuthorProfiles({ arxivId: '2403.10561' }, authors(1), ask);
    await p.start();
    const s = p.entries[0]!.state.value;
    expect(s.kind === 'ready' && [s.metrics.hIndex, s.s2?.hIndex, s.match, s.s2Id]).toEqual([5, 14, 'record', '77']);
  });

  it('applies a reader\'s correction at once: the chosen profile, or no profile', async () => {
    const { ask, calls } = fakeAsk([oaSlot('A1'), oaSlot('A2')], {}, {
      'author-correct': ({ openalexId }) => ({ identity: { ...identity(openalexId), match: openalexId ? 'reader' : null }, metrics: openalexId ? metrics(openalexId, 42) : null }),
    });
    const p = createAuthorProfiles({ arxivId: '2403.10561' }, authors(2), ask);
    await p.start();
    await p.correct(0, 'A9', true);
    const s = p.entries[0]!.state.value;
    expect(s.kind === 'ready' && [s.match, s.metrics.openalexId, s.metrics.hIndex]).toEqual(['reader', 'A9', 42]);
    await p.correct(1, null, false);
    expect(p.entries[1]!.state.value.kind).toBe('unmatched');
    expect(calls.length).toBeGreaterThan(0);
  });

  it('uses Semantic Scholar metrics carried inline when OpenAlex has no record', async () => {
    const s2metrics = { ...metrics('A0', 9), source: 's2' as const, openalexId: null, s2Id: '123' };
    const slot: AuthorSlot = { openalex: null, s2: { name: 'x', rawName: null, openalexId: null, s2Id: '123', institutions: [], metrics: s2metrics }, identity: identity(null, '123'), position: 0 };
    const { ask, calls } = fakeAsk([slot]);
    const p = createAuthorProfiles({ arxivId: '2403.10561' }, authors(1), ask);
    await p.start();
    const s = p.entries[0]!.state.value;
    expect(s.kind === 'ready' && s.metrics.source).toBe('s2');
    expect(calls.some((c) => c.type === 'author-metrics')).toBe(false);
  });
});
