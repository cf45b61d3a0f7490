import { effect } from '@preact/signals-core';

const answers: ((ids: string[]) => void)[] = [];
let notify: () => void = () => undefined;
vi.mock('./client', () => ({ ask: () => new Promise((resolve) => answers.push((ids) => resolve({ ids }))) }));
vi.mock('./changes', () => ({ onChange: (_topic: string, fn: () => void) => ((notify = fn), () => undefined) }));

describe('followedIds', () => {
  it('keeps a follow the reader just made when the read sent before it answers last', async () => {
    const { followedIds } = await import('./followed-ids');
    const seen: string[][] = [];
    const stop = effect(() => void seen.push([...(followedIds().value ?? [])]));
    // The page's first read is slow (the background is busy); the reader follows A1 meanwhile.
    notify();
    answers[1]!(['A1']);
    await Promise.resolve();
    answers[0]!([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.at(-1)).toEqual(['A1']);
    stop();
  });
});
