import type { PaperCitationsResult } from '../background/protocol';
import { createEarlyAnswers, requestKey } from './early-answers';
import { fakeAsk } from '@/test/fake-ask';

/** An answer to paper-citations, told apart by when it was fetched. */
const unknownAt = (fetchedAt: number): PaperCitationsResult => ({ known: false, fetchedAt, stale: false });

describe('early answers', () => {
  it('keys requests independently of field order', () => {
    expect(requestKey({ type: 'x', arxivId: '1', names: ['a'] })).toBe(requestKey({ names: ['a'], arxivId: '1', type: 'x' }));
    expect(requestKey({ type: 'x', arxivId: '1' })).not.toBe(requestKey({ type: 'x', arxivId: '2' }));
  });

  it('serves a request sent early to the first identical ask, then asks again', async () => {
    const background = fakeAsk({ 'paper-citations': () => unknownAt(background.asked.length) });
    const early = createEarlyAnswers(background.ask);
    early.send([{ type: 'paper-citations', arxivId: '2406.05546' }]);
    expect(background.mock).toHaveBeenCalledTimes(1);
    const first = await early.ask({ arxivId: '2406.05546', type: 'paper-citations' });
    expect(first).toEqual(unknownAt(1));
    expect(background.mock).toHaveBeenCalledTimes(1);
    await expect(early.ask({ type: 'paper-citations', arxivId: '2406.05546' })).resolves.toEqual(unknownAt(2));
  });

  it('passes on an early failure once, and a retry reaches the background', async () => {
    let fail = true;
    const background = fakeAsk({
      'paper-citations': () => {
        if (fail) throw new Error('offline');
        return unknownAt(1);
      },
    });
    const early = createEarlyAnswers(background.ask);
    early.send([{ type: 'paper-citations', arxivId: '2406.05546' }]);
    await expect(early.ask({ type: 'paper-citations', arxivId: '2406.05546' })).rejects.toThrow('offline');
    fail = false;
    await expect(early.ask({ type: 'paper-citations', arxivId: '2406.05546' })).resolves.toEqual(unknownAt(1));
  });

  it('does not hold requests nobody sent early', async () => {
    const background = fakeAsk({ 'paper-citations': () => unknownAt(7) });
    const early = createEarlyAnswers(background.ask);
    await expect(early.ask({ type: 'paper-citations', arxivId: '1' })).resolves.toEqual(unknownAt(7));
    expect(background.mock).toHaveBeenCalledOnce();
  });
});
