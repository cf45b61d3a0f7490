interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the page can handle input and paint in between. Where the
 * Scheduler API has `yield` (Chrome 129+), Weft's continuation then goes ahead of other queued
 * work instead of behind every timer and network task the page has queued; elsewhere, a timer.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
