import type { AuthorMetrics } from '../catalog/types';
import { RemoteError } from './client';
import type { AuthorSlot } from '../background/protocol';
import { createAuthorProfiles } from './author-profiles';

const metrics = (id: string, h: number): AuthorMetrics => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: `Person ${id}`,
  hIndex: h, citedBy: h * 100, works: h * 3, lastKnownInstitutions: [],
});
const oaSlot = (id: string | null, position: number | null = null): AuthorSlot => ({
  openalex: id ? { name: 'x', rawName: null, openalexId: id, s2Id: null, institutions: [], metrics: null } : null,
  s2: null,
  position,
});
const authors = (n: number, hiddenFrom = Infinity) =>
  Array.from({ length: n }, (_, i) => ({ index: i, name: `Name ${i}`, citationName: `Name, ${i}`, hidden: i >= hiddenFrom }));

type AskFn = Parameters<typeof createAuthorProfiles>[2];

function fakeAsk(slots: AuthorSlot[], opts: { failPaper?: boolean; failMetrics?: boolean; stale?: boolean } = {}) {
  type Req = { type: string; ids?: string[]; eager?: number; revalidate?: boolean; fullList?: boolean; printed?: unknown };
  const calls: Req[] = [];
  const metricsFor = (ids: string[], revalidate?: boolean) => {
    const out: Record<string, AuthorMetrics> = {};
    for (const id of ids) out[id] = metrics(id, Number(id.slice(1)));
    return { metrics: out, fetchedAt: 2000, stale: !!opts.stale && !revalidate };
  };
  const ask = vi.fn(async (req: Req) => {
    calls.push(req);
    if (req.type === 'paper-authors') {
      if (opts.failPaper) throw new RemoteError({ kind: 'network', message: 'offline', retryAt: null });
      const eagerIds = slots.slice(0, req.eager ?? 0).flatMap((s) => (s.openalex?.openalexId ? [s.openalex.openalexId] : []));
      const eagerMetrics = opts.failMetrics
        ? { error: { kind: 'network', message: 'offline', retryAt: null } }
        : eagerIds.length ? metricsFor(eagerIds, req.revalidate) : null;
      return { source: 'openalex', openalexWorkId: 'W1', slots, fetchedAt: 1000, stale: false, eagerMetrics };
    }
    return metricsFor(req.ids ?? [], req.revalidate);
  });
  return { ask: ask as unknown as AskFn, calls };
}

describe('author profiles', () => {
  it('shows OpenAlex metrics for matched authors and "unmatched" for the rest', async () => {
    const { ask } = fakeAsk([oaSlot('A12'), oaSlot(null), oaSlot('A7')]);
    const p = createAuthorProfiles('2406.05546', authors(3), ask);
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['loading', 'loading', 'loading']);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['ready', 'unmatched', 'ready']);
    const s = p.entries[2]!.state.value;
    expect(s.kind === 'ready' && s.metrics.hIndex).toBe(7);
    expect(s.kind === 'ready' && s.match).toBe('record');
    // The page prints the paper's list: an author's position is its index, from the start.
    expect(p.entries.map((e) => e.position.value)).toEqual([0, 1, 2]);
  });

  it('on a page without its own author list, places each name where the record says, and sends the printed evidence', async () => {
    const printed = { authors: [null, { affiliations: ['CERN'], orcid: null, emailDomains: [] }], paper: { affiliations: [], emailDomains: [] } };
    const { ask, calls } = fakeAsk([oaSlot('A3', 2), oaSlot('A4', 3), oaSlot(null, null)]);
    const p = createAuthorProfiles('1411.4413', authors(3), ask, { ownList: false, printed });
    expect(p.entries.map((e) => e.position.value)).toEqual([null, null, null]);
    await p.start();
    expect(p.entries.map((e) => e.position.value)).toEqual([2, 3, null]);
    expect(calls[0]).toMatchObject({ type: 'paper-authors', fullList: true, printed });
  });

  it('falls back to the page\'s order when no catalog has the paper', async () => {
    const ask = vi.fn(async () => {
      throw new RemoteError({ kind: 'not-found', message: 'unknown paper', retryAt: null });
    });
    const p = createAuthorProfiles('2406.99999', authors(2), ask as unknown as AskFn, { ownList: false });
    await p.start();
    expect(p.entries.map((e) => [e.position.value, e.state.value.kind])).toEqual([[0, 'unmatched'], [1, 'unmatched']]);
  });

  it('loads the first 100 of a very long list with the page in one round trip, the rest on demand', async () => {
    const slots = Array.from({ length: 250 }, (_, i) => oaSlot(`A${i + 1}`));
    const { ask, calls } = fakeAsk(slots);
    const p = createAuthorProfiles('1411.4413', authors(250, 100), ask);
    await p.start();
    expect(p.entries.slice(0, 100).every((e) => e.state.value.kind === 'ready')).toBe(true);
    expect(p.entries.slice(100).every((e) => e.state.value.kind === 'idle')).toBe(true);
    expect(calls.map((c) => [c.type, c.eager])).toEqual([['paper-authors', 100]]);
    await p.load([150, 151]);
    expect(calls.filter((c) => c.type === 'author-metrics').map((c) => c.ids)).toEqual([['A151', 'A152']]);
    expect(p.entries[150]!.state.value.kind).toBe('ready');
    expect(p.entries[152]!.state.value.kind).toBe('idle');
    expect(calls.filter((c) => c.type === 'paper-authors')).toHaveLength(1);
  });

  it('shows errors with retry, and retry recovers', async () => {
    const slots = [oaSlot('A3')];
    const failing = fakeAsk(slots, { failPaper: true });
    let ask = failing.ask;
    const p = createAuthorProfiles('2406.05546', authors(1), ((req: never) => ask(req)) as AskFn);
    await p.start();
    const s = p.entries[0]!.state.value;
    expect(s.kind).toBe('error');
    ask = fakeAsk(slots).ask;
    await p.retry();
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('shows stale numbers at once and refreshes them in the background', async () => {
    const { ask, calls } = fakeAsk([oaSlot('A5')], { stale: true });
    const p = createAuthorProfiles('2406.05546', authors(1), ask);
    await p.start();
    expect(p.entries[0]!.state.value.kind).toBe('ready');
    await vi.waitFor(() => expect(calls.some((c) => c.type === 'paper-authors' && c.revalidate)).toBe(true));
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('marks metrics that failed to load as errors, and retry fetches just those', async () => {
    const failing = fakeAsk([oaSlot('A3'), oaSlot(null)], { failMetrics: true });
    const p = createAuthorProfiles('2406.05546', authors(2), failing.ask);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['error', 'unmatched']);
    await p.retry();
    expect(failing.calls.map((c) => c.type)).toEqual(['paper-authors', 'author-metrics']);
    expect(p.entries[0]!.state.value.kind).toBe('ready');
  });

  it('says "no profile" when neither catalog knows the paper', async () => {
    const ask = vi.fn(async () => {
      throw new RemoteError({ kind: 'not-found', message: 'unknown paper', retryAt: null });
    });
    const p = createAuthorProfiles('2406.99999', authors(2), ask as unknown as AskFn);
    await p.start();
    expect(p.entries.map((e) => e.state.value.kind)).toEqual(['unmatched', 'unmatched']);
  });

  it('uses Semantic Scholar metrics carried inline when OpenAlex has no record', async () => {
    const s2metrics = { ...metrics('A0', 9), source: 's2' as const, openalexId: null, s2Id: '123' };
    const slot: AuthorSlot = { openalex: null, s2: { name: 'x', rawName: null, openalexId: null, s2Id: '123', institutions: [], metrics: s2metrics }, position: 0 };
    const { ask, calls } = fakeAsk([slot]);
    const p = createAuthorProfiles('2403.10561', authors(1), ask);
    await p.start();
    const s = p.entries[0]!.state.value;
    expect(s.kind === 'ready' && s.metrics.source).toBe('s2');
    expect(calls.some((c) => c.type === 'author-metrics')).toBe(false);
  });
});
