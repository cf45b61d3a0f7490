import { createEarlyAnswers, requestKey } from './early-answers';

describe('early answers', () => {
  it('keys requests independently of field order', () => {
    expect(requestKey({ type: 'x', arxivId: '1', names: ['a'] })).toBe(requestKey({ names: ['a'], arxivId: '1', type: 'x' }));
    expect(requestKey({ type: 'x', arxivId: '1' })).not.toBe(requestKey({ type: 'x', arxivId: '2' }));
  });

  it('serves a request sent early to the first identical ask, then asks again', async () => {
    const ask = vi.fn(async (r: { type: string }) => ({ n: ask.mock.calls.length, type: r.type }));
    const early = createEarlyAnswers(ask as never);
    early.send([{ type: 'paper-citations', arxivId: '2406.05546' }]);
    expect(ask).toHaveBeenCalledTimes(1);
    const first = await early.ask({ arxivId: '2406.05546', type: 'paper-citations' } as never);
    expect(first).toEqual({ n: 1, type: 'paper-citations' });
    expect(ask).toHaveBeenCalledTimes(1);
    await early.ask({ type: 'paper-citations', arxivId: '2406.05546' } as never);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('passes on an early failure once, and a retry reaches the background', async () => {
    let fail = true;
    const ask = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    const early = createEarlyAnswers(ask as never);
    early.send([{ type: 'paper-citations', arxivId: '2406.05546' }]);
    await expect(early.ask({ type: 'paper-citations', arxivId: '2406.05546' } as never)).rejects.toThrow('offline');
    fail = false;
    await expect(early.ask({ type: 'paper-citations', arxivId: '2406.05546' } as never)).resolves.toBe('ok');
  });

  it('does not hold requests nobody sent early', async () => {
    const ask = vi.fn(async () => 'fresh');
    const early = createEarlyAnswers(ask as never);
    await expect(early.ask({ type: 'paper-citations', arxivId: '1' } as never)).resolves.toBe('fresh');
    expect(ask).toHaveBeenCalledOnce();
  });
});
