/**
 * Runs `fn` over `items` a slice at a time, yielding to the page between slices, so that work
 * over thousands of elements (a 3,000-author list) never becomes one long task.
 */
export function inSlices<T>(items: readonly T[], size: number, fn: (item: T) => void, signal: AbortSignal): void {
  let k = 0;
  const slice = () => {
    if (signal.aborted) return;
    for (const end = Math.min(items.length, k + size); k < end; k++) fn(items[k]!);
    if (k < items.length) setTimeout(slice, 0);
  };
  slice();
}
