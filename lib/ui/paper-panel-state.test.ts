import { RemoteError } from './client';
import { createPanelLoader } from './paper-panel-state';

type Answer = { known: false; fetchedAt: number; stale: boolean } | { known: true; items: string[]; fetchedAt: number; stale: boolean };

const answer = (items: string[], stale = false): Answer => ({ known: true, items, fetchedAt: 1000, stale });
const offline = () => new RemoteError({ kind: 'network', message: 'Failed to fetch', retryAt: null });

/** A load function answering from a queue (a function entry may throw), recording its calls. */
function queue(...answers: (Answer | (() => never))[]) {
  const calls: boolean[] = [];
  const load = vi.fn(async (revalidate: boolean) => {
    calls.push(revalidate);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
  return { load, calls };
}

const loader = (q: ReturnType<typeof queue>) => createPanelLoader<Answer>(q.load, (d) => d.items.length === 0);

describe('panel loader', () => {
  it('goes from loading to ready, empty or unmatched', async () => {
    for (const [a, kind] of [[answer(['x']), 'ready'], [answer([]), 'empty'], [{ known: false, fetchedAt: 1, stale: false }, 'unmatched']] as const) {
      const p = loader(queue(a));
      expect(p.state.value.kind).toBe('loading');
      await p.start();
      expect(p.state.value.kind).toBe(kind);
    }
  });

  it('shows a failure with its kind and retry time; retry loads again', async () => {
    const q = queue(() => { throw new RemoteError({ kind: 'rate-limited', message: 'S2: rate limited', retryAt: 5000 }); }, answer(['x']));
    const p = loader(q);
    await p.start();
    expect(p.state.value).toEqual({ kind: 'error', failure: { kind: 'rate-limited', message: 'S2: rate limited', retryAt: 5000 } });
    const retrying = p.retry();
    expect(p.state.value.kind).toBe('loading');
    await retrying;
    expect(p.state.value).toMatchObject({ kind: 'ready', data: { items: ['x'] } });
    expect(q.calls).toEqual([false, false]);
  });

  it('shows stale data at once, then the refreshed answer', async () => {
    const q = queue(answer(['old'], true), answer(['new']));
    const p = loader(q);
    await p.start();
    expect(q.calls).toEqual([false, true]);
    expect(p.state.value).toMatchObject({ kind: 'ready', data: { items: ['new'], stale: false }, refreshFailed: false });
  });

  it('keeps the saved copy, marked, when the refresh fails (offline)', async () => {
    const p = loader(queue(answer(['old'], true), () => { throw offline(); }));
    await p.start();
    expect(p.state.value).toMatchObject({ kind: 'ready', data: { items: ['old'], stale: true }, refreshFailed: true });
  });

  it('keeps the saved Semantic Scholar data when the refresh only gets OpenAlex standing in', async () => {
    type Counted = { known: true; source: string; s2Failure: string | null; fetchedAt: number; stale: boolean };
    const answers: Counted[] = [
      { known: true, source: 's2', s2Failure: null, fetchedAt: 1, stale: true },
      { known: true, source: 'openalex', s2Failure: 'rate-limited', fetchedAt: 2, stale: false },
    ];
    const p = createPanelLoader<Counted>(async () => answers.shift()!, () => false, (d) => d.s2Failure !== null);
    await p.start();
    expect(p.state.value).toMatchObject({ kind: 'ready', data: { source: 's2', stale: true }, refreshFailed: true });
  });

  it('ignores a late answer once a retry has started', async () => {
    let release!: (a: Answer) => void;
    const slow = new Promise<Answer>((r) => (release = r));
    const answers = [() => slow, async () => answer(['fresh'])];
    const p = createPanelLoader<Answer>(() => answers.shift()!(), () => false);
    const first = p.start();
    await p.retry();
    release(answer(['late']));
    await first;
    expect(p.state.value).toMatchObject({ kind: 'ready', data: { items: ['fresh'] } });
  });
});
