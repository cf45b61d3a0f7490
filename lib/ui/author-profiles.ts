/**
 * The author-profile state of one abs page: which page author is which catalog author, and
 * each one's numbers. Pure state and loading logic (no DOM), driven by the background through
 * the message protocol; the author-badges feature renders it.
 */
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { MatchKind } from '../catalog/identity';
import type { AuthorMetrics, Institution, PaperAuthor } from '../catalog/types';
import type { PrintedForRequest } from '../shared/printed-evidence';
import { RemoteError, type ask as askBackground } from './client';
import type { AuthorMetricsResult, AuthorSlot } from '../background/protocol';
import { EAGER_AUTHORS, OPENALEX_MAX_OR_VALUES } from '../shared/limits';

export type BadgeState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'unmatched' }
  | { kind: 'error'; message: string; retryAt: number | null }
  | {
      kind: 'ready';
      metrics: AuthorMetrics;
      /** How the person was identified (the contract's `data-match`). */
      match: MatchKind;
      /** Institutions printed on this paper for this author (OpenAlex authorships). */
      paperInstitutions: Institution[];
      s2Id: string | null;
      fetchedAt: number;
      /** A background refresh of stale data failed: the numbers are older than the TTL. */
      refreshFailed: boolean;
    };

export interface AuthorEntry {
  /** The page's own order of its authors. */
  index: number;
  /**
   * The author's position in the paper's author list (the contract's `data-weft-author`): the
   * index itself on pages that print the list; on the HTML view, from the catalog record, null
   * until it answers and for a name the record does not place.
   */
  position: ReadonlySignal<number | null>;
  /** The name as printed on the page. */
  name: string;
  /** Loaded only on demand (hidden part of a very long author list). */
  lazy: boolean;
  state: Signal<BadgeState>;
}

type Ask = typeof askBackground;
type MetricsAnswer = AuthorMetricsResult | { error: unknown };

const range = (n: number) => Array.from({ length: n }, (_, i) => i);


export interface ProfileOptions {
  /**
   * Whether the page prints the paper's author list (abs pages, listings: the default). The
   * HTML view does not: its persons are placed in that list by the background's record.
   */
  ownList?: boolean;
  /** What the page prints beside the names, for the fresh-paper identity engine. */
  printed?: PrintedForRequest;
}

/** The request that resolves a page's author list (also sent early, from the page's head). */
export function paperAuthorsRequest(arxivId: string, names: string[], eager: number, { ownList = true, printed }: ProfileOptions = {}) {
  return {
    type: 'paper-authors' as const,
    arxivId,
    names,
    eager,
    ...(ownList ? {} : { fullList: true }),
    ...(printed ? { printed } : {}),
  };
}

export function createAuthorProfiles(
  arxivId: string,
  authors: { index: number; name: string; citationName: string; hidden: boolean }[],
  ask: Ask,
  options: ProfileOptions = {},
) {
  const ownList = options.ownList ?? true;
  const positions = authors.map((a) => signal<number | null>(ownList ? a.index : null));
  const entries: AuthorEntry[] = authors.map((a, i) => {
    const lazy = a.hidden || a.index >= EAGER_AUTHORS;
    const state = signal<BadgeState>(lazy ? { kind: 'idle' } : { kind: 'loading' });
    return {
      index: a.index,
      position: positions[i]!,
      get name() {
        return a.name;
      },
      lazy,
      state,
    };
  });

  /** Without the record, the page's order is the best list there is (a paper no catalog has yet). */
  const placeInPageOrder = () => {
    if (!ownList) positions.forEach((p, i) => (p.value ??= authors[i]!.index));
  };
  let slots: AuthorSlot[] | null = null;
  let resolving: Promise<AuthorSlot[] | null> | null = null;
  /** Indices whose metrics were asked for (so each is fetched once per page view). */
  const requested = new Set<number>();
  /** Indices the page or the reader wanted loaded (retry reloads only these). */
  const wanted = new Set<number>();

  const errorState = (e: unknown): BadgeState => ({
    kind: 'error',
    message: e instanceof Error ? e.message : String(e),
    retryAt: (e as { retryAt?: number | null }).retryAt ?? null,
  });

  function readyFrom(metrics: AuthorMetrics, slot: AuthorSlot, fetchedAt: number): BadgeState {
    return {
      kind: 'ready',
      metrics,
      // Every slot comes from the paper's own record in a catalog.
      match: 'record',
      paperInstitutions: slot.openalex?.institutions ?? [],
      s2Id: slot.s2?.s2Id ?? metrics.s2Id,
      fetchedAt,
      refreshFailed: false,
    };
  }

  /** Index of the first author loaded on demand: everyone before it loads with the page. */
  const eagerCount = (() => {
    const k = entries.findIndex((e) => e.lazy);
    return k < 0 ? entries.length : k;
  })();

  /** Applies an author-metrics answer (or failure) to the page authors holding those ids. */
  function applyMetrics(byId: Map<string, number[]>, answer: MetricsAnswer, revalidate: boolean): void {
    batch(() => {
      for (const [id, indices] of byId) {
        for (const i of indices) {
          const entry = entries[i]!;
          if ('error' in answer) {
            const current = entry.state.value;
            // A failed background refresh keeps the cached numbers, marked as not refreshed.
            entry.state.value =
              revalidate && current.kind === 'ready' ? { ...current, refreshFailed: true } : errorState(answer.error);
            continue;
          }
          const m = answer.metrics[id];
          entry.state.value = m ? readyFrom(m, slots![i]!, answer.fetchedAt) : { kind: 'unmatched' };
        }
      }
    });
  }

  function idsOf(indices: number[]): Map<string, number[]> {
    const byId = new Map<string, number[]>();
    for (const i of indices) {
      const id = slots?.[i]?.openalex?.openalexId;
      if (id) byId.set(id, [...(byId.get(id) ?? []), i]);
    }
    return byId;
  }

  /**
   * Resolves the author list; the background also returns the metrics of the authors shown
   * with the page, so a page view costs one round trip.
   */
  async function resolve(revalidate: boolean): Promise<AuthorSlot[] | null> {
    const names = authors.map((a) => a.citationName || a.name);
    const r = await ask({ ...paperAuthorsRequest(arxivId, names, eagerCount, options), ...(revalidate ? { revalidate } : {}) });
    slots = r.slots;
    // Semantic Scholar carries metrics inline: those authors are ready at once.
    batch(() => {
      if (!ownList) r.slots.forEach((slot, i) => positions[i] && (positions[i].value = slot.position));
      r.slots.forEach((slot, i) => {
        const entry = entries[i];
        if (!entry || slot.openalex?.openalexId) return;
        const inline = slot.s2?.metrics;
        entry.state.value = inline ? readyFrom(inline, slot, r.fetchedAt) : { kind: 'unmatched' };
      });
    });
    const eager = r.eagerMetrics;
    if (eager) {
      applyMetrics(idsOf(range(eagerCount)), 'error' in eager ? { error: new RemoteError(eager.error) } : eager, revalidate);
    }
    const stale = r.stale || (!!eager && !('error' in eager) && eager.stale);
    if (stale && !revalidate) void resolve(true).catch(() => undefined);
    return r.slots;
  }

  function ensureSlots(): Promise<AuthorSlot[] | null> {
    resolving ??= resolve(false).catch((e: unknown) => {
      resolving = null;
      // Neither catalog knows the paper: a quiet "no profile", not an error to retry.
      const state: BadgeState = e instanceof RemoteError && e.kind === 'not-found' ? { kind: 'unmatched' } : errorState(e);
      batch(() => {
        placeInPageOrder();
        for (const entry of entries) if (entry.state.value.kind !== 'ready') entry.state.value = state;
      });
      return null;
    });
    return resolving;
  }

  async function fetchMetrics(indices: number[]): Promise<void> {
    const byId = idsOf(indices);
    const ids = [...byId.keys()];
    for (let k = 0; k < ids.length; k += OPENALEX_MAX_OR_VALUES) {
      const chunk = new Map(ids.slice(k, k + OPENALEX_MAX_OR_VALUES).map((id) => [id, byId.get(id)!]));
      let answer: MetricsAnswer;
      try {
        answer = await ask({ type: 'author-metrics', ids: [...chunk.keys()] });
      } catch (e) {
        answer = { error: e };
      }
      applyMetrics(chunk, answer, false);
      if ('stale' in answer && answer.stale) {
        void ask({ type: 'author-metrics', ids: [...chunk.keys()], revalidate: true })
          .catch((e: unknown) => ({ error: e }))
          .then((fresh) => applyMetrics(chunk, fresh, true));
      }
    }
  }

  /** Loads (once) the profiles of the given authors. */
  async function load(indices: number[]): Promise<void> {
    const todo = indices.filter((i) => !requested.has(i) && entries[i]);
    if (!todo.length) return;
    todo.forEach((i) => {
      wanted.add(i);
      requested.add(i);
    });
    batch(() => todo.forEach((i) => {
      const s = entries[i]!.state;
      if (s.value.kind === 'idle' || s.value.kind === 'error') s.value = { kind: 'loading' };
    }));
    const got = await ensureSlots();
    if (!got) {
      todo.forEach((i) => requested.delete(i));
      return;
    }
    // Authors answered with the author list itself are done; the rest need their metrics.
    await fetchMetrics(todo.filter((i) => entries[i]!.state.value.kind === 'loading'));
  }

  /** Starts the page-load fetch: every eager author. */
  function start(): Promise<void> {
    return load(entries.filter((e) => !e.lazy).map((e) => e.index));
  }

  /** Retries every author in error (and, if the author list itself failed, resolves it again). */
  function retry(): Promise<void> {
    const failed = entries.filter((e) => e.state.value.kind === 'error').map((e) => e.index);
    failed.forEach((i) => requested.delete(i));
    batch(() => failed.filter((i) => !wanted.has(i)).forEach((i) => (entries[i]!.state.value = { kind: 'idle' })));
    return load(failed.filter((i) => wanted.has(i)));
  }

  return { entries, start, load, retry };
}

export type AuthorProfiles = ReturnType<typeof createAuthorProfiles>;
export type { PaperAuthor };
