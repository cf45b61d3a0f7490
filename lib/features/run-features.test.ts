import { runFeatures } from './run-features';
import type { Feature, FeatureContext } from './types';

const ctx = (signal = new AbortController().signal) => ({ page: {}, signal, ask: vi.fn() }) as unknown as FeatureContext;
const feature = (id: string, run: Feature['run']): Feature => ({ id, run });

describe('runFeatures', () => {
  it('keeps running the others when one throws, and says which failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ran: string[] = [];
    runFeatures(
      [
        feature('broken', () => {
          throw new Error('boom');
        }),
        feature('fine', () => void ran.push('fine')),
      ],
      ctx(),
    );
    await vi.waitFor(() => expect(ran).toEqual(['fine']));
    expect(warn).toHaveBeenCalledWith('Weft: feature "broken" failed', expect.any(Error));
  });

  it('starts each feature in a later task, not in the caller\'s', async () => {
    const run = vi.fn();
    runFeatures([feature('a', run)], ctx());
    await Promise.resolve();
    expect(run).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
    expect(run).toHaveBeenCalledOnce();
  });

  it('starts nothing once the content script is invalidated', async () => {
    const controller = new AbortController();
    const run = vi.fn();
    runFeatures([feature('a', run)], ctx(controller.signal));
    controller.abort();
    await new Promise((r) => setTimeout(r, 5));
    expect(run).not.toHaveBeenCalled();
  });
});
