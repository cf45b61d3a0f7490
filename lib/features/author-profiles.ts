/**
 * The author-profile state of one abs page: which page author is which catalog author, and
 * each one's numbers. Pure state and loading logic (no DOM), driven by the background through
 * the message protocol; the author-badges feature renders it.
 */
import { batch, signal, type Signal } from '@preact/signals';
import type { AuthorMetrics, Institution, PaperAuthor } from '../catalog/types';
import type { ask as askBackground } from '../messaging/client';
import type { AuthorSlot } from '../messaging/protocol';

export type BadgeState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'unmatched' }
  | { kind: 'error'; message: string; retryAt: number | null }
  | {
      kind: 'ready';
      metrics: AuthorMetrics;
      /** Institutions printed on this paper for this author (OpenAlex authorships). */
      paperInstitutions: Institution[];
      s2Id: string | null;
      fetchedAt: number;
      /** A background refresh of stale data failed: the numbers are older than the TTL. */
      refreshFailed: boolean;
    };

export interface AuthorEntry {
  index: number;
  /** The name as printed on the page. */
  name: string;
  /** Loaded only on demand (hidden part of a very long author list). */
  lazy: boolean;
  state: Signal<BadgeState>;
}

type Ask = typeof askBackground;

/** Authors whose metrics load with the page; the rest wait until the reader asks. */
export const EAGER_AUTHORS = 100;
const METRICS_CHUNK = 100;

export function createAuthorProfiles(
  arxivId: string,
  authors: { index: number; name: string; citationName: string; hidden: boolean }[],
  ask: Ask,
) {
  const entries: AuthorEntry[] = authors.map((a) => {
    const lazy = a.hidden || a.index >= EAGER_AUTHORS;
    return { index: a.index, name: a.name, lazy, state: signal<BadgeState>(lazy ? { kind: 'idle' } : { kind: 'loading' }) };
  });
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
      paperInstitutions: slot.openalex?.institutions ?? [],
      s2Id: slot.s2?.s2Id ?? metrics.s2Id,
      fetchedAt,
      refreshFailed: false,
    };
  }

  async function resolve(revalidate: boolean): Promise<AuthorSlot[] | null> {
    const names = authors.map((a) => a.citationName || a.name);
    const r = await ask({ type: 'paper-authors', arxivId, names, ...(revalidate ? { revalidate } : {}) });
    slots = r.slots;
    // Semantic Scholar carries metrics inline: those authors are ready at once.
    batch(() => {
      r.slots.forEach((slot, i) => {
        const entry = entries[i];
        if (!entry) return;
        if (!slot.openalex?.openalexId) {
          const inline = slot.s2?.metrics;
          entry.state.value = inline ? readyFrom(inline, slot, r.fetchedAt) : { kind: 'unmatched' };
        }
      });
    });
    if (r.stale && !revalidate) void resolve(true).catch(() => undefined);
    return r.slots;
  }

  function ensureSlots(): Promise<AuthorSlot[] | null> {
    resolving ??= resolve(false).catch((e: unknown) => {
      resolving = null;
      batch(() => {
        for (const entry of entries) if (entry.state.value.kind !== 'ready') entry.state.value = errorState(e);
      });
      return null;
    });
    return resolving;
  }

  async function fetchMetrics(indices: number[], revalidate: boolean): Promise<void> {
    if (!slots) return;
    const byId = new Map<string, number[]>();
    for (const i of indices) {
      const id = slots[i]?.openalex?.openalexId;
      if (id) byId.set(id, [...(byId.get(id) ?? []), i]);
    }
    if (!byId.size) return;
    if (!revalidate) batch(() => byId.forEach((is) => is.forEach((i) => (entries[i]!.state.value = { kind: 'loading' }))));
    const ids = [...byId.keys()];
    for (let k = 0; k < ids.length; k += METRICS_CHUNK) {
      const chunk = ids.slice(k, k + METRICS_CHUNK);
      try {
        const r = await ask({ type: 'author-metrics', ids: chunk, ...(revalidate ? { revalidate } : {}) });
        batch(() => {
          for (const id of chunk) {
            const m = r.metrics[id];
            for (const i of byId.get(id)!) {
              entries[i]!.state.value = m ? readyFrom(m, slots![i]!, r.fetchedAt) : { kind: 'unmatched' };
            }
          }
        });
        if (r.stale && !revalidate) void fetchMetrics(chunk.flatMap((id) => byId.get(id)!), true);
      } catch (e) {
        batch(() => {
          for (const id of chunk) {
            for (const i of byId.get(id)!) {
              const current = entries[i]!.state.value;
              // A failed background refresh keeps the cached numbers, marked as not refreshed.
              entries[i]!.state.value =
                revalidate && current.kind === 'ready' ? { ...current, refreshFailed: true } : errorState(e);
            }
          }
        });
      }
    }
  }

  /** Loads (once) the profiles of the given authors. */
  async function load(indices: number[]): Promise<void> {
    const todo = indices.filter((i) => !requested.has(i) && entries[i]);
    if (!todo.length) return;
    todo.forEach((i) => wanted.add(i));
    todo.forEach((i) => requested.add(i));
    batch(() => todo.forEach((i) => {
      const s = entries[i]!.state;
      if (s.value.kind === 'idle') s.value = { kind: 'loading' };
    }));
    const got = await ensureSlots();
    if (!got) {
      todo.forEach((i) => requested.delete(i));
      return;
    }
    await fetchMetrics(todo, false);
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
