/**
 * Who each author of a paper is: one Identity per author slot, decided here and nowhere else
 * (docs/identity.md). The paper's own authorship record first (`record`); the reader's
 * correction on top (`reader`, or no profile).
 */
import type { ResolvedAuthors } from '../catalog/catalog';
import { NO_PROFILE, type Identity } from '../../catalog/identity';
import { correctionFor, type Correction } from './corrections';

export { NO_PROFILE };

/** What the paper's own record says of one slot. */
export function recordIdentity(slot: ResolvedAuthors['slots'][number]): Identity {
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

/** Every slot's identity: `base` (the record's, or evidence's), then the reader's corrections. */
export function applyCorrections(arxivId: string, names: readonly string[], base: readonly Identity[], corrections: readonly Correction[]): Identity[] {
  if (!corrections.length) return [...base];
  return base.map((identity, index) => withCorrection(identity, correctionFor(corrections, arxivId, index, names[index] ?? '', names)));
}
