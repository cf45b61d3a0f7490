/**
 * The state of one paper panel of an abs page (components/paper-panels.ts lists them). Pure
 * loading logic (no DOM), driven by the background through the message protocol; each panel
 * loads, fails and retries on its own. The paper-panels feature renders it.
 */
import { signal, type Signal } from '@preact/signals-core';
import type { Freshness, WireError } from '../background/protocol';
import { failureOf } from './describe-failure';

/** An answer from the background: either "no catalog knows this paper" or the panel's data. */
export type PanelAnswer = Freshness & { known: boolean };
export type Known<T> = Extract<T, { known: true }>;

export type PanelState<T extends PanelAnswer> =
  | { kind: 'loading' }
  /** No catalog has a record of this paper (for this panel's purpose). */
  | { kind: 'unmatched' }
  | { kind: 'error'; failure: WireError }
  | {
      /** `empty`: the catalog answered, with nothing to list. */
      kind: 'ready' | 'empty';
      data: Known<T>;
      /** A background refresh of stale data failed: what is shown is the saved copy. */
      refreshFailed: boolean;
    };

/** The state when it has data to show (ready or empty), else null. */
export function withData<T extends PanelAnswer>(state: PanelState<T>) {
  return state.kind === 'ready' || state.kind === 'empty' ? state : null;
}

export interface PanelLoader<T extends PanelAnswer> {
  state: Signal<PanelState<T>>;
  start(): Promise<void>;
  /** Loads the panel again from scratch (after an error, or to ask a failed catalog again). */
  retry(): Promise<void>;
}

/**
 * One panel's loader. A stale answer is shown at once and refreshed in the background; when
 * that refresh fails, the saved copy stays, marked as such. A refresh that only got a stand-in
 * (`degraded`: e.g. OpenAlex's numbers because Semantic Scholar failed) counts as failed too:
 * the saved copy from the better source stays. A retry supersedes any load under way (its late
 * answer is ignored).
 */
export function createPanelLoader<T extends PanelAnswer>(
  load: (revalidate: boolean) => Promise<T>,
  isEmpty: (data: Known<T>) => boolean = () => false,
  degraded: (data: Known<T>) => boolean = () => false,
): PanelLoader<T> {
  const state = signal<PanelState<T>>({ kind: 'loading' });
  let generation = 0;

  const toState = (answer: T): PanelState<T> => {
    if (!answer.known) return { kind: 'unmatched' };
    const data = answer as Known<T>;
    return { kind: isEmpty(data) ? 'empty' : 'ready', data, refreshFailed: false };
  };

  /** Replaces stale data with a fresh answer, unless the refresh failed or only got a stand-in. */
  async function refresh(gen: number): Promise<void> {
    const fresh = await load(true).catch(() => null);
    if (gen !== generation) return;
    const saved = withData(state.value);
    const standIn = saved && fresh?.known && degraded(fresh as Known<T>) && !degraded(saved.data);
    if (fresh && !standIn) state.value = toState(fresh);
    else if (saved) state.value = { ...saved, refreshFailed: true };
  }

  async function run(): Promise<void> {
    const gen = ++generation;
    let answer: T;
    try {
      answer = await load(false);
    } catch (e) {
      if (gen === generation) state.value = { kind: 'error', failure: failureOf(e) };
      return;
    }
    if (gen !== generation) return;
    state.value = toState(answer);
    if (answer.stale) await refresh(gen);
  }

  return {
    state,
    start: run,
    retry() {
      state.value = { kind: 'loading' };
      return run();
    },
  };
}
