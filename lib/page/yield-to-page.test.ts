import { yieldToPage } from './yield-to-page';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToPage', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToPage();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timer: nothing runs before the caller’s task ends', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let done = false;
    void yieldToPage().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersToNextTimerAsync();
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
