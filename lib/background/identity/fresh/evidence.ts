/**
 * Who each author of a paper no catalog has yet is, decided from evidence (docs/identity.md).
 * Pure: the profiles whose name fits each author, the works that join them, what the page
 * prints and the paper's field in; one Identity per author out.
 *
 * The rules, strongest first:
 *  - a printed ORCID names its profile (`inferred`); a profile with another ORCID is someone else;
 *  - a profile that shares earlier works with other authors of this paper, or whose institution
 *    is printed on the page, is `inferred` when it is the only one of that name with such evidence;
 *  - otherwise the only profile of that name in the paper's field is a `guess`: the field most of
 *    the co-authors identified by evidence work in, else the one of the paper's category, else
 *    (none of the name there) a field next to it;
 *  - otherwise nobody: several profiles in the field that nothing tells apart, or profiles only
 *    in other fields (a newcomer whose name belongs to someone else), or none at all.
 * Size never counts: a namesake with more works or citations is not evidence.
 */
import type { PrintedEvidence } from '../../../arxiv/page-model';
import { nameTokens } from '../../../arxiv/names';
import type { Candidate, Evidence, Identity, IdentityNote } from '../../../catalog/identity';
import type { CandidateProfile, WorkAuthors } from '../../catalog/openalex';
import type { Institution } from '../../../catalog/types';
import { neighboursOf, type Field } from '../../../catalog/fields';

/** A profile counts as working in the field when this share of its topics is in it. */
const IN_FIELD_SHARE = 0.2;
/**
 * Profiles this large are often several people merged (docs/catalog-apis.md, OpenAlex pitfalls): one shared
 * work is not enough to make one of them this author.
 */
export const MERGED_PROFILE_WORKS = 1000;

export interface SlotInput {
  /** The name as the page prints it (display order). */
  name: string;
  printed?: PrintedEvidence;
  /** The profiles whose name fits, in the order found. */
  candidates: CandidateProfile[];
}

export interface PaperInput {
  /** The paper's field (from its primary category); null when unknown. */
  field: Field | null;
  slots: SlotInput[];
  /** Affiliation lines the page prints for the paper without tying them to a name. */
  printed?: { affiliations: string[] };
  /** Works found that name candidates of this paper; only their authors are read. */
  works: WorkAuthors[];
}

type FieldFit = 'in' | 'other' | 'unknown';

/** A field the guesses are made in, and why. */
interface PaperField {
  field: Field;
  /** `coauthors`: most co-authors identified by evidence work in it; `neighbour`: next to the category's. */
  why: 'coauthors' | 'category' | 'neighbour';
}

interface Scored {
  profile: CandidateProfile;
  evidence: Evidence[];
  partners: Set<number>;
  sharedWorks: number;
  orcid: boolean;
  affiliation: boolean;
}

/** One Identity per slot, in slot order. */
export function decideIdentities(paper: PaperInput): Identity[] {
  const links = coauthorLinks(paper.slots.map((slot) => slot.candidates.map((c) => c.openalexId)), paper.works);
  const decide = (fields: PaperField[]) => paper.slots.map((slot, i) => decideSlot(paper, slot, links.get(i) ?? new Map(), fields));
  const byCategory: PaperField[] = paper.field
    ? [{ field: paper.field, why: 'category' }, ...neighboursOf(paper.field).map((field): PaperField => ({ field, why: 'neighbour' }))]
    : [];
  const first = decide(byCategory);
  // The people this author writes with are a better clue to a namesake's field than the arXiv
  // category chosen for one paper (a computer scientist's econ.GN paper).
  const theirs = coauthorsField(first, paper.slots);
  if (!theirs || theirs.id === paper.field?.id) return withoutDuplicates(first, paper.slots);
  const again = decide([{ field: theirs, why: 'coauthors' }, ...byCategory.filter((f) => f.field.id !== theirs.id)]);
  return withoutDuplicates(first.map((d, i) => (d.match === 'inferred' ? d : again[i]!)), paper.slots);
}

/**
 * The field a strict majority of the authors identified by evidence (`inferred`) work in, or
 * null when there are none or they do not agree.
 */
function coauthorsField(decided: Identity[], slots: SlotInput[]): Field | null {
  const tally = new Map<number, { field: Field; n: number }>();
  let identified = 0;
  decided.forEach((d, i) => {
    const profile = d.match === 'inferred' ? slots[i]!.candidates.find((c) => c.openalexId === d.openalexId) : undefined;
    if (!profile) return;
    identified++;
    for (const f of profile.fields) {
      if (fieldFit(profile, f) !== 'in') continue;
      const t = tally.get(f.id) ?? { field: { id: f.id, name: f.name }, n: 0 };
      t.n++;
      tally.set(f.id, t);
    }
  });
  const best = [...tally.values()].sort((a, b) => b.n - a.n)[0];
  return best && best.n * 2 > identified ? best.field : null;
}

/** For one author, per candidate id: the other authors (positions) it shares works with, and those works. */
export type CoauthorLinks = Map<string, { partners: Set<number>; works: Set<string> }>;

/**
 * Per author position, the candidates that share a work with a candidate of another author of
 * the paper. Two different profiles must be on the work: one profile fitting two authors' names
 * is no evidence for either.
 */
export function coauthorLinks(candidateIds: string[][], works: WorkAuthors[]): Map<number, CoauthorLinks> {
  const slotsOf = new Map<string, number[]>();
  candidateIds.forEach((ids, i) => {
    for (const id of ids) {
      const list = slotsOf.get(id) ?? [];
      if (!list.includes(i)) list.push(i);
      slotsOf.set(id, list);
    }
  });
  const links = new Map<number, CoauthorLinks>();
  for (const work of works) {
    const here = [...new Set(work.authorIds)].filter((id) => slotsOf.has(id));
    for (const a of here) {
      for (const b of here) {
        if (a === b) continue;
        for (const i of slotsOf.get(a)!) {
          for (const j of slotsOf.get(b)!) {
            if (i === j) continue;
            const perSlot: CoauthorLinks = links.get(i) ?? new Map();
            const link = perSlot.get(a) ?? { partners: new Set<number>(), works: new Set<string>() };
            link.partners.add(j);
            link.works.add(work.id);
            perSlot.set(a, link);
            links.set(i, perSlot);
          }
        }
      }
    }
  }
  return links;
}

function decideSlot(paper: PaperInput, slot: SlotInput, links: CoauthorLinks, fields: PaperField[]): Identity {
  const printedOrcid = slot.printed?.orcid?.toUpperCase() ?? null;
  const affiliations = [...(slot.printed?.affiliations ?? []), ...(paper.printed?.affiliations ?? [])];
  const seen = new Set<string>();
  const scored: Scored[] = slot.candidates
    .filter((c) => !seen.has(c.openalexId) && seen.add(c.openalexId))
    .map((profile) => {
      const link = links.get(profile.openalexId);
      const partners = link?.partners ?? new Set<number>();
      const orcid = printedOrcid !== null && profile.orcid?.toUpperCase() === printedOrcid;
      const institution = affiliations.length ? profile.institutions.find((inst) => affiliations.some((line) => printedAt(inst, line))) : undefined;
      const inField = fields.find((f) => fieldFit(profile, f.field) === 'in');
      const evidence: Evidence[] = [];
      if (orcid) evidence.push({ kind: 'orcid', orcid: printedOrcid });
      if (partners.size > 0) {
        const coauthors = [...partners].sort((x, y) => x - y).map((j) => paper.slots[j]!.name);
        evidence.push({ kind: 'coauthors', sharedWorks: link!.works.size, coauthors });
      }
      if (institution) evidence.push({ kind: 'affiliation', institution: institution.name });
      if (inField) evidence.push({ kind: 'field', field: inField.field.name });
      return { profile, evidence, partners, sharedWorks: link?.works.size ?? 0, orcid, affiliation: !!institution };
    });

  const name = slot.name;
  const owner = scored.find((s) => s.orcid);
  if (owner) return identity('inferred', owner, scored, null);
  // A profile with another ORCID than the one printed beside this name is another person.
  const pool = printedOrcid ? scored.filter((s) => !s.profile.orcid) : scored;

  const strong = pool.filter((s) => s.partners.size > 0 || s.affiliation).sort(byStrength);
  if (strong.length === 1) {
    const only = strong[0]!;
    const merged = (only.profile.works ?? 0) > MERGED_PROFILE_WORKS && !only.affiliation && only.partners.size < 2;
    if (!merged) return identity('inferred', only, scored, null);
    return identity('guess', only, scored, { kind: 'merged-profile', name, works: only.profile.works ?? 0 });
  }
  if (strong.length > 1) return identity('guess', strong[0]!, scored, { kind: 'several-tied', name, profiles: strong.length });

  // The first field with plausible profiles decides; a profile without topics may be in any.
  for (const f of fields.length ? fields : [null]) {
    const plausible = pool.filter((s) => fieldFit(s.profile, f?.field ?? null) !== 'other');
    if (plausible.length === 0) continue;
    const field = f && { name: f.field.name, why: f.why, paperField: paper.field?.name ?? null };
    if (plausible.length > 1) return unmatched(scored, { kind: 'several-in-field', name, profiles: plausible.length, field });
    const only = plausible[0]!;
    return identity('guess', only, scored, { kind: 'only-one', name, field: f && fieldFit(only.profile, f.field) === 'in' ? field : null });
  }
  if (pool.length === 0) return unmatched(scored, { kind: 'none-named', name });
  const theirs = [...new Set(pool.flatMap((s) => s.profile.fields.slice(0, 1).map((f) => f.name)).filter(Boolean))];
  return unmatched(scored, { kind: 'other-fields', name, theirs, lookedIn: fields.map((f) => f.field.name) });
}

/** More co-authors first, then a printed affiliation, then more shared works; never size. */
function byStrength(a: Scored, b: Scored): number {
  return b.partners.size - a.partners.size || Number(b.affiliation) - Number(a.affiliation) || b.sharedWorks - a.sharedWorks;
}

function fieldFit(profile: CandidateProfile, field: Field | null): FieldFit {
  const total = profile.fields.reduce((n, f) => n + f.count, 0);
  if (!field || total === 0) return 'unknown';
  const mine = profile.fields.find((f) => f.id === field.id)?.count ?? 0;
  return mine / total >= IN_FIELD_SHARE ? 'in' : 'other';
}

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

function candidate(s: Scored): Candidate {
  const p = s.profile;
  return {
    openalexId: p.openalexId,
    name: p.displayName,
    institution: p.lastKnownInstitutions[0]?.name ?? null,
    worksCount: p.works,
    hIndex: p.hIndex,
    citedBy: p.citedBy,
    evidence: s.evidence,
  };
}

/** Every profile considered, the one shown first (the reader's "Not this person?" lists them). */
function identity(match: 'inferred' | 'guess', chosen: Scored, all: Scored[], note: IdentityNote | null): Identity {
  return {
    match,
    openalexId: chosen.profile.openalexId,
    s2Id: null,
    evidence: chosen.evidence,
    candidates: [chosen, ...all.filter((s) => s !== chosen)].map(candidate),
    note,
  };
}

function unmatched(all: Scored[], note: IdentityNote): Identity {
  return { match: null, openalexId: null, s2Id: null, evidence: [], candidates: all.map(candidate), note };
}

/** One profile cannot be two authors of the same paper: both become guesses. */
function withoutDuplicates(identities: Identity[], slots: SlotInput[]): Identity[] {
  const count = new Map<string, number>();
  for (const id of identities) if (id.openalexId) count.set(id.openalexId, (count.get(id.openalexId) ?? 0) + 1);
  return identities.map((id, i) =>
    id.openalexId && (count.get(id.openalexId) ?? 0) > 1 && id.match === 'inferred'
      ? { ...id, match: 'guess' as const, note: { kind: 'shared-profile' as const, name: slots[i]!.name } }
      : id,
  );
}
