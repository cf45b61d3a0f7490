/**
 * An affiliation printed on the page, for this author or for the paper (docs/identity.md, The
 * rules): a candidate one of whose institutions (current or past) it names has evidence. Asks
 * nothing: it reads the candidates' profiles.
 */
import { nameTokens } from '../../../../arxiv/names';
import type { Institution } from '../../../../catalog/types';
import { FREE, type EvidenceSource } from './source';

export const printedAffiliation: EvidenceSource = {
  name: 'printed affiliation',
  cost: () => FREE,
  judge: (paper) => (slot, candidate) => {
    const lines = [...(paper.slots[slot]!.printed?.affiliations ?? []), ...(paper.printed?.affiliations ?? [])];
    const institution = lines.length ? candidate.institutions.find((inst) => lines.some((line) => printedAt(inst, line))) : undefined;
    return institution ? { verdict: 'supports', evidence: { kind: 'affiliation', institution: institution.name }, strength: 1, sure: true } : null;
  },
};

/**
 * Whether an affiliation line names the institution: its name's words, in order, inside the
 * line ("Dept. of CS, University of Oxford, UK" names "University of Oxford"). OpenAlex's
 * country qualifiers ("Google (United States)") are not part of the name.
 */
export function printedAt(inst: Pick<Institution, 'name'>, line: string): boolean {
  const words = nameTokens(inst.name.replace(/\([^)]*\)/g, ' '));
  if (words.length === 0 || (words.length === 1 && words[0]!.length < 3)) return false;
  const text = nameTokens(line);
  for (let k = 0; k + words.length <= text.length; k++) {
    if (words.every((w, j) => text[k + j] === w)) return true;
  }
  return false;
}
