import { computed, signal } from '@preact/signals-core';
import { DEFAULT_SETTINGS } from '../../shared/settings/settings';
import { runFeatures } from './run-features';
import type { Feature, FeatureContext } from './types';

const ctx = (abort = new AbortController().signal, show = signal(DEFAULT_SETTINGS.show)) =>
  ({ page: {}, signal: abort, ask: vi.fn(), settings: computed(() => ({ show: show.value, listings: DEFAULT_SETTINGS.listings, collapsed: [] })) }) as unknown as Omit<FeatureContext, 'earlier' | 'show'>;
const feature = (id: string, run: Feature['run'], shown: Feature['shown'] = () => true): Feature => ({ id, run, shown });

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

  it('tells each feature when the ones before it have loaded, failed or are hidden', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let firstLoaded!: () => void;
    let settled = false;
    runFeatures(
      [
        feature('first', () => new Promise<void>((resolve) => (firstLoaded = resolve))),
        feature('hidden', () => undefined, () => false),
        feature('broken', () => Promise.reject(new Error('boom'))),
        feature('last', ({ earlier }) => void earlier.then(() => (settled = true))),
      ],
      ctx(),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    firstLoaded();
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('starts nothing once the content script is invalidated', async () => {
    const controller = new AbortController();
    const run = vi.fn();
    runFeatures([feature('a', run)], ctx(controller.signal));
    controller.abort();
    await new Promise((r) => setTimeout(r, 5));
    expect(run).not.toHaveBeenCalled();
  });

  it('runs a feature only while the reader shows it: hiding aborts it, showing runs it anew', async () => {
    const show = signal({ ...DEFAULT_SETTINGS.show, badges: false });
    const runs: AbortSignal[] = [];
    runFeatures([feature('badges', ({ signal: s }) => void runs.push(s), (v) => v.badges)], ctx(undefined, show));
    await new Promise((r) => setTimeout(r, 5));
    expect(runs).toHaveLength(0);

    show.value = { ...show.value, badges: true };
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    show.value = { ...show.value, related: false }; // another choice: the running feature stays
    expect(runs[0]!.aborted).toBe(false);
    show.value = { ...show.value, badges: false };
    expect(runs[0]!.aborted).toBe(true);
    show.value = { ...show.value, badges: true };
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]!.aborted).toBe(false);
  });
});
