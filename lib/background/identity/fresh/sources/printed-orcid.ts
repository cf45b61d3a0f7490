/**
 * A printed ORCID (docs/identity.md, The rules): the profile it belongs to is a candidate (a free
 * singleton `GET /authors/orcid:<id>`, cached), and it names the author outright; a candidate with
 * another ORCID is someone else.
 */
import { CACHE_KEYS } from '../../../cache/keys';
import type { EvidenceSource } from './source';

export const printedOrcid: EvidenceSource = {
  name: 'printed ORCID',
  lookups(author) {
    const orcid = author.printed?.orcid?.toUpperCase();
    return orcid ? [{ key: CACHE_KEYS.freshOrcid(orcid), ask: (client) => client.candidateById({ orcid }) }] : [];
  },
  cost: (batch) => ({
    requests: new Set(batch.papers.flatMap((s) => s.paper.authors.flatMap((a) => a.printed?.orcid?.toUpperCase() ?? []))).size,
    credits: 0,
  }),
  judge: (paper) => (slot, candidate) => {
    const printed = paper.slots[slot]!.printed?.orcid?.toUpperCase();
    const theirs = candidate.orcid?.toUpperCase();
    if (!printed || !theirs) return null;
    return theirs === printed ? { verdict: 'names', evidence: { kind: 'orcid', orcid: printed } } : { verdict: 'excludes' };
  },
};
