/**
 * The author-profile state of one paper on a page: who each author is (the background's
 * identity record per slot) and each one's numbers, from both catalogs. Pure state and loading
 * logic (no DOM), driven by the background through the protocol; badge features render it.
 */
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { Candidate, Identity, MatchKind } from '../catalog/identity';
import type { PrintedEvidence } from '../arxiv/page-model';
import type { AuthorMetrics, Institution } from '../catalog/types';
import { RemoteError, type ask as askBackground } from './client';
import type { AuthorMetricsResult, AuthorSlot, WireError } from '../background/protocol';
import { failureOf } from './describe-failure';
import { EAGER_AUTHORS, MAX_PAGE_AUTHORS, OPENALEX_MAX_OR_VALUES } from '../shared/limits';
import { capName, capNames, notLoadedPaper } from './caps';

/** A badge whose author is being identified from evidence (a paper no catalog has yet). */
export const IDENTIFYING: BadgeState = { kind: 'loading', identifying: true };

export type BadgeState =
  /** Not loaded yet; with a `reason` when it will not be (an author past the caps: lib/ui/caps.ts). */
  | { kind: 'idle'; reason?: string }
  /** `identifying`: the paper is in no catalog yet, and who the author is is being worked out. */
  | { kind: 'loading'; identifying?: boolean }
  /** No profile fits (or the reader said so); `identity` says what was considered. */
  | { kind: 'unmatched'; identity: Identity | null }
  | { kind: 'error'; failure: WireError }
  | {
      kind: 'ready';
      /** The numbers shown first (lib/catalog/sources.ts: OpenAlex, else Semantic Scholar). */
      metrics: AuthorMetrics;
      /** Semantic Scholar's own figures for this author, when it has them. */
      s2: AuthorMetrics | null;
      /** How the person was identified. */
      match: MatchKind;
      identity: Identity;
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
   * index itself on pages that print the list; on the HTML view, from the catalog record (the
   * page's order for a paper no catalog has yet), null until known and for a name the record
   * does not place.
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
}

/** The request that resolves a page's author list (also sent early, from the page's head). */
export function paperAuthorsRequest(arxivId: string, names: string[], eager: number, { ownList = true }: ProfileOptions = {}) {
  const sent = capNames(names, 'paper');
  return { type: 'paper-authors' as const, arxivId, names: sent, eager: Math.min(eager, sent.length), ...(ownList ? {} : { fullList: true }) };
}

/**
 * The profiles a reader may choose from for an author named `name` ("Not this person?"): those
 * of that name, the ones Weft considered first (`identity`'s candidates, with their evidence).
 */
export async function candidatesFor(ask: Ask, name: string, identity: Identity | null | undefined): Promise<Candidate[]> {
  const known = identity?.candidates.map((c) => c.openalexId).slice(0, 20) ?? [];
  return (await ask({ type: 'author-candidates', name: capName(name), known })).candidates;
}

export function createAuthorProfiles(
  paper: { arxivId: string; primaryCategory?: string | null; printed?: { affiliations: string[]; emailDomains: string[] } },
  authors: { index: number; name: string; citationName: string; hidden: boolean; printed?: PrintedEvidence }[],
  ask: Ask,
  options: ProfileOptions = {},
) {
  const { arxivId } = paper;
  const ownList = options.ownList ?? true;
  const positions = authors.map((a) => signal<number | null>(ownList ? a.index : null));
  /** Without a record, the page's order is the best list there is (a paper no catalog has yet). */
  const placeInPageOrder = () => {
    if (!ownList) positions.forEach((p, i) => (p.value ??= authors[i]!.index));
  };
  /** Authors past MAX_PAGE_AUTHORS are not sent: their badges say they are not loaded. */
  const cut = (i: number) => i >= MAX_PAGE_AUTHORS;
  const entries: AuthorEntry[] = authors.map((a, i) => {
    const lazy = a.hidden || a.index >= EAGER_AUTHORS || cut(i);
    const state = signal<BadgeState>(cut(i) ? { kind: 'idle', reason: notLoadedPaper() } : lazy ? { kind: 'idle' } : { kind: 'loading' });
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
  const names = () => capNames(authors.map((a) => a.citationName || a.name), 'paper');
  let slots: AuthorSlot[] | null = null;
  let resolving: Promise<AuthorSlot[] | null> | null = null;
  /** Indices whose metrics were asked for (so each is fetched once per page view). */
  const requested = new Set<number>();
  /** Indices the page or the reader wanted loaded (retry reloads only these). */
  const wanted = new Set<number>();

  const errorState = (e: unknown): BadgeState => ({ kind: 'error', failure: failureOf(e) });

  function readyFrom(metrics: AuthorMetrics, slot: AuthorSlot, fetchedAt: number): BadgeState {
    const identity = slot.identity;
    return {
      kind: 'ready',
      metrics,
      s2: slot.s2?.metrics ?? null,
      match: identity.match ?? 'record',
      identity,
      // A profile the reader chose is not the one the record's institutions belong to.
      paperInstitutions: identity.match === 'reader' ? [] : (slot.openalex?.institutions ?? []),
      s2Id: identity.s2Id ?? slot.s2?.s2Id ?? metrics.s2Id,
      fetchedAt,
      refreshFailed: false,
    };
  }

  /** A slot whose identity names no OpenAlex profile: ready from Semantic Scholar's figures, or unmatched. */
  function withoutOpenAlex(slot: AuthorSlot, fetchedAt: number): BadgeState {
    const inline = slot.identity.match && slot.s2?.metrics;
    return inline ? readyFrom(inline, slot, fetchedAt) : { kind: 'unmatched', identity: slot.identity };
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
          entry.state.value = m ? readyFrom(m, slots![i]!, answer.fetchedAt) : withoutOpenAlex(slots![i]!, answer.fetchedAt);
        }
      }
    });
  }

  function idsOf(indices: number[]): Map<string, number[]> {
    const byId = new Map<string, number[]>();
    for (const i of indices) {
      const id = slots?.[i]?.identity.openalexId;
      if (id) byId.set(id, [...(byId.get(id) ?? []), i]);
    }
    return byId;
  }

  /** Semantic Scholar's own figures, when its pairing came after the answer: set on the ready badges. */
  async function addS2(): Promise<void> {
    const r = await ask({ type: 'paper-s2-authors', arxivId, names: names() }).catch(() => null);
    if (!r?.s2 || !slots) return;
    slots = slots.map((slot, i) => (slot.s2 ? slot : { ...slot, s2: r.s2![i] ?? null }));
    batch(() => {
      slots!.forEach((slot, i) => {
        const current = entries[i]?.state.value;
        if (current?.kind === 'ready' && !current.s2 && slot.s2?.metrics) {
          entries[i]!.state.value = { ...current, s2: slot.s2.metrics, s2Id: current.s2Id ?? slot.s2.s2Id };
        }
      });
    });
  }

  /**
   * Resolves the author list; the background also returns the metrics of the authors shown
   * with the page, so a page view costs one round trip.
   */
  async function resolve(revalidate: boolean): Promise<AuthorSlot[] | null> {
    const r = await ask({ ...paperAuthorsRequest(arxivId, names(), eagerCount, options), ...(revalidate ? { revalidate } : {}) });
    // No catalog has the paper yet: who the authors are comes from evidence instead.
    if (r.source === null) {
      batch(() => {
        placeInPageOrder();
        for (const entry of entries) if (entry.state.value.kind === 'loading') entry.state.value = IDENTIFYING;
      });
      return identifyFresh(r.slots, revalidate);
    }
    if (!ownList) batch(() => r.slots.forEach((slot, i) => positions[i] && (positions[i].value = slot.position)));
    slots = r.slots;
    // Authors no OpenAlex profile names are settled by the answer itself.
    batch(() => {
      r.slots.forEach((slot, i) => {
        const entry = entries[i];
        if (!entry || slot.identity.openalexId) return;
        if (!entry.lazy || requested.has(i)) entry.state.value = withoutOpenAlex(slot, r.fetchedAt);
      });
    });
    const eager = r.eagerMetrics;
    if (eager) {
      applyMetrics(idsOf(range(eagerCount)), 'error' in eager ? { error: new RemoteError(eager.error) } : eager, revalidate);
    }
    if (!r.s2Paired) void addS2();
    const stale = r.stale || (!!eager && !('error' in eager) && eager.stale);
    if (stale && !revalidate) void resolve(true).catch(() => undefined);
    return r.slots;
  }

  /** A paper no record names the authors of: identities from evidence, with the profiles' numbers. */
  async function identifyFresh(bare: AuthorSlot[], revalidate: boolean): Promise<AuthorSlot[]> {
    const printed = authors.slice(0, MAX_PAGE_AUTHORS).map((a) => a.printed ?? null);
    const r = await ask({
      type: 'paper-identify',
      arxivId,
      names: names(),
      category: paper.primaryCategory ?? null,
      ...(printed.some(Boolean) ? { printed } : {}),
      ...(paper.printed ? { paperPrinted: paper.printed } : {}),
      ...(revalidate ? { revalidate } : {}),
    });
    slots = bare.map((slot, i) => ({ ...slot, identity: r.identities[i] ?? slot.identity }));
    batch(() => {
      slots!.forEach((slot, i) => {
        const entry = entries[i];
        if (!entry || (entry.lazy && !requested.has(i))) return;
        const id = slot.identity.openalexId;
        const m = id ? r.metrics[id] : undefined;
        entry.state.value = m ? readyFrom(m, slot, r.fetchedAt) : { kind: 'unmatched', identity: slot.identity };
      });
    });
    return slots;
  }

  function ensureSlots(): Promise<AuthorSlot[] | null> {
    resolving ??= resolve(false).catch((e: unknown) => {
      resolving = null;
      const state = errorState(e);
      batch(() => {
        placeInPageOrder();
        for (const entry of entries) if (entry.state.value.kind !== 'ready') entry.state.value = state;
      });
      return null;
    });
    return resolving;
  }

  async function fetchMetrics(indices: number[], revalidate = false): Promise<void> {
    const byId = idsOf(indices);
    const ids = [...byId.keys()];
    for (let k = 0; k < ids.length; k += OPENALEX_MAX_OR_VALUES) {
      const chunk = new Map(ids.slice(k, k + OPENALEX_MAX_OR_VALUES).map((id) => [id, byId.get(id)!]));
      let answer: MetricsAnswer;
      try {
        answer = await ask({ type: 'author-metrics', ids: [...chunk.keys()], ...(revalidate ? { revalidate } : {}) });
      } catch (e) {
        answer = { error: e };
      }
      applyMetrics(chunk, answer, revalidate);
      if (!revalidate && 'stale' in answer && answer.stale) {
        void ask({ type: 'author-metrics', ids: [...chunk.keys()], revalidate: true })
          .catch((e: unknown) => ({ error: e }))
          .then((fresh) => applyMetrics(chunk, fresh, true));
      }
    }
  }

  /** Loads (once) the profiles of the given authors. */
  async function load(indices: number[]): Promise<void> {
    const todo = indices.filter((i) => !requested.has(i) && entries[i] && !cut(i));
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
    // Settle the authors the answer left open: no profile, or their metrics.
    batch(() => todo.forEach((i) => {
      const slot = got[i];
      if (slot && !slot.identity.openalexId && entries[i]!.state.value.kind === 'loading') entries[i]!.state.value = withoutOpenAlex(slot, Date.now());
    }));
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

  /**
   * The reader's "Refresh": the paper's record and these authors' numbers again from the
   * catalogs, bypassing the cache (the background limits how often per paper).
   */
  async function refresh(indices: number[]): Promise<void> {
    await resolve(true);
    const beyond = indices.filter((i) => i >= eagerCount);
    if (beyond.length) await fetchMetrics(beyond, true);
  }

  /** Asks again who everyone is (e.g. a correction made in another tab), keeping what is shown meanwhile. */
  async function reload(): Promise<void> {
    resolving = resolve(false).catch(() => null);
    const got = await resolving;
    if (got) await fetchMetrics([...requested].filter((i) => i >= eagerCount && !!got[i]?.identity.openalexId));
  }

  /** The profiles a reader may choose from for author `index`. */
  const candidates = (index: number): Promise<Candidate[]> => candidatesFor(ask, authors[index]!.name, slots?.[index]?.identity);

  /** The reader's choice for author `index`: a profile, or none; applied at once. */
  /**
   * Corrections are kept by position in the paper's author list, so one made here holds on the
   * paper's other pages (on a page without its own list, where the record put the name).
   */
  const positionOf = (index: number) => positions[index]?.value ?? index;

  async function correct(index: number, openalexId: string | null, everywhere: boolean): Promise<void> {
    const at = ownList ? {} : { position: positionOf(index) };
    const r = await ask({ type: 'author-correct', arxivId, index, names: names(), openalexId, everywhere, ...at });
    const slot = slots?.[index];
    if (slot) slots![index] = { ...slot, identity: r.identity };
    const entry = entries[index]!;
    entry.state.value = r.metrics && slots?.[index] ? readyFrom(r.metrics, slots[index], Date.now()) : { kind: 'unmatched', identity: r.identity };
  }

  /** Takes the reader's correction of author `index` back. */
  async function uncorrect(index: number): Promise<void> {
    await ask({ type: 'author-uncorrect', arxivId, index: positionOf(index), undo: true });
    await reload();
    const slot = slots?.[index];
    if (slot?.identity.openalexId) await fetchMetrics([index]);
  }

  return { entries, start, load, retry, refresh, reload, candidates, correct, uncorrect };
}

export type AuthorProfiles = ReturnType<typeof createAuthorProfiles>;
