/**
 * Who each author of a paper is: one Identity per author slot, decided here and nowhere else
 * (docs/identity.md, One path), for an abstract page and its HTML view (a batch of one:
 * paper-authors.ts) and for listings and search results (paper-batches.ts) alike. The paper's
 * record first (OpenAlex's, else Semantic Scholar's), else evidence (no catalog has the paper, or
 * OpenAlex lacks it and Semantic Scholar cannot be asked); the reader's correction on top. What
 * differs between pages is how the catalogs are asked (singletons or batches), never this.
 */
import type { Fresh, Lookup } from '../catalog/catalog';
import { NO_PROFILE, type Identity } from '../../catalog/identity';
import type { PaperAuthor, PaperRecord } from '../../catalog/types';
import { correctionFor, type Correction } from './corrections';

export { NO_PROFILE };

/** What one catalog said of a paper: its record or "not there", dated; or why it could not be asked. */
export type CatalogSide = Fresh<Lookup<PaperRecord>> | { error: unknown };

/** Whose word the paper's authors rest on. */
export type PaperSource =
  | { kind: 'openalex' | 's2'; record: PaperRecord; fetchedAt: number; stale: boolean }
  /** No record to read: who the authors are comes from evidence (docs/identity.md, Papers no catalog has yet). */
  | { kind: 'fresh'; fetchedAt: number; stale: boolean }
  | { kind: 'error'; error: unknown };

/** Whether Semantic Scholar's record is needed: OpenAlex has none (or could not be asked). */
export const needsS2 = (oa: CatalogSide): boolean => 'error' in oa || !oa.value.found;

/**
 * The one policy (docs/identity.md, The four answers): OpenAlex's record; else Semantic Scholar's;
 * else evidence, when OpenAlex answered that it lacks the paper and Semantic Scholar lacks it too
 * or could not be asked (its keyless pool is often rate-limited: OpenAlex alone is enough for the
 * evidence). OpenAlex is the primary: its failure is the one reported when neither has a record.
 * `s2` is absent only when it was not asked (OpenAlex had the record).
 */
export function paperSource(oa: CatalogSide, s2?: CatalogSide): PaperSource {
  if (!('error' in oa) && oa.value.found) return { kind: 'openalex', record: oa.value.value, fetchedAt: oa.fetchedAt, stale: oa.stale };
  const oaError = 'error' in oa ? oa.error : null;
  if (!('error' in oa) && s2 && 'error' in s2) return { kind: 'fresh', fetchedAt: oa.fetchedAt, stale: oa.stale };
  if (!s2 || 'error' in s2) return { kind: 'error', error: oaError ?? (s2 && 'error' in s2 ? s2.error : null) };
  const fetchedAt = Math.min(s2.fetchedAt, 'error' in oa ? Infinity : oa.fetchedAt);
  const stale = s2.stale || (!('error' in oa) && oa.stale);
  if (s2.value.found) return { kind: 's2', record: s2.value.value, fetchedAt, stale };
  return oaError ? { kind: 'error', error: oaError } : { kind: 'fresh', fetchedAt, stale };
}

/** One author slot as the paper's records pair it: OpenAlex's author and Semantic Scholar's. */
export interface RecordSlot {
  openalex: PaperAuthor | null;
  s2: PaperAuthor | null;
}

/** What the paper's own record says of one slot. */
export function recordIdentity(slot: RecordSlot): Identity {
  const openalexId = slot.openalex?.openalexId ?? null;
  const s2Id = slot.s2?.s2Id ?? slot.openalex?.s2Id ?? null;
  return openalexId || s2Id ? { ...NO_PROFILE, match: 'record', openalexId, s2Id } : NO_PROFILE;
}

/** `identity` with the reader's correction, if any, on top. */
export function withCorrection(identity: Identity, correction: Correction | null): Identity {
  if (!correction) return identity;
  if (!correction.openalexId) return { ...NO_PROFILE, candidates: identity.candidates, note: { kind: 'reader-none' } };
  return {
    match: 'reader',
    openalexId: correction.openalexId,
    // The record's Semantic Scholar id names the record's person, not necessarily the reader's choice.
    s2Id: correction.openalexId === identity.openalexId ? identity.s2Id : null,
    evidence: [],
    candidates: identity.candidates,
    note: null,
  };
}

/** Whether the reader's word decided this identity (a chosen profile, or "no profile fits"). */
export const byReader = (identity: Identity): boolean => identity.match === 'reader' || identity.note?.kind === 'reader-none';

/** What the slots rest on before the reader's word: the record's pairing, evidence's identities, or nothing yet. */
export type Basis = { record: readonly RecordSlot[] } | { evidence: readonly (Identity | undefined)[] } | null;

export interface SlotOptions {
  /**
   * Each name's position in the paper's author list, when the page prints no list of its own
   * (the HTML view): corrections are kept by position in the paper's list (as on its abs page),
   * so they go to the names the record placed there. A name the record does not place keeps its
   * identity.
   */
  positions?: readonly (number | null)[] | null;
}

/**
 * Every slot's identity: the basis (record, else evidence, else no profile), then the reader's
 * corrections. A slot a correction leaves alone keeps its basis's very object.
 */
export function slotIdentities(arxivId: string, names: readonly string[], basis: Basis, corrections: readonly Correction[], { positions }: SlotOptions = {}): Identity[] {
  const base = names.map((_, i): Identity => {
    if (basis && 'record' in basis) return basis.record[i] ? recordIdentity(basis.record[i]) : NO_PROFILE;
    return basis?.evidence[i] ?? NO_PROFILE;
  });
  if (!corrections.length) return base;
  if (!positions) return base.map((identity, i) => withCorrection(identity, correctionFor(corrections, arxivId, i, names[i] ?? '', names)));
  const length = Math.max(0, ...positions.map((p) => (p ?? -1) + 1));
  const namesAt = new Array<string>(length).fill('');
  const baseAt = new Array<Identity>(length).fill(NO_PROFILE);
  positions.forEach((p, i) => {
    if (p === null) return;
    namesAt[p] = names[i]!;
    baseAt[p] = base[i]!;
  });
  const corrected = slotIdentities(arxivId, namesAt, { evidence: baseAt }, corrections);
  return base.map((identity, i) => {
    const p = positions[i];
    return p === null || p === undefined ? identity : corrected[p]!;
  });
}
