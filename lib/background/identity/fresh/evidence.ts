/**
 * Who each author of a paper no catalog has yet is, decided from evidence (docs/identity.md).
 * Pure: the profiles whose name fits each author, the works that join them, what the page
 * prints and the paper's field in; one Identity per author out. What counts as evidence is the
 * sources' (sources/, each one's `judge`); how it is weighed is here.
 *
 * The rules, strongest first:
 *  - a source that names a profile outright decides (a printed ORCID: `inferred`); one that
 *    excludes a profile sets it aside (another ORCID: someone else);
 *  - a profile with evidence (it shares earlier works with other authors of this paper, or its
 *    institution is printed on the page) is `inferred` when it is the only one of that name with
 *    any, the strongest a `guess` when several have;
 *  - otherwise the only profile of that name in the paper's field is a `guess`: the field most of
 *    the co-authors identified by evidence work in, else the one of the paper's category, else
 *    (none of the name there) a field next to it;
 *  - otherwise nobody: several profiles in the field that nothing tells apart, or profiles only
 *    in other fields (a newcomer whose name belongs to someone else), or none at all.
 * Size never counts: a namesake with more works or citations is not evidence.
 */
import type { Candidate, Evidence, Identity, IdentityNote } from '../../../catalog/identity';
import type { CandidateProfile } from '../../catalog/openalex';
import { neighboursOf, type Field } from '../../../catalog/fields';
import { EVIDENCE_SOURCES } from './sources';
import type { EvidenceSource, Finding, PaperInput, SlotInput } from './sources/source';

export type { PaperInput, SlotInput } from './sources/source';
// Where the rules' readers found it before the sources had files of their own (same-day/match.ts).

/** A profile counts as working in the field when this share of its topics is in it. */
const IN_FIELD_SHARE = 0.2;
/**
 * Profiles this large are often several people merged (docs/catalog-apis.md, OpenAlex pitfalls): one
 * piece of evidence that is not `sure` (a shared work with one co-author) is not enough to make one
 * of them this author.
 */
export const MERGED_PROFILE_WORKS = 1000;

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
  /** What each source found, in the sources' order (null: nothing). */
  findings: (Finding | null)[];
}

/** One Identity per slot, in slot order, from what `sources` (the registered ones) tell. */
export function decideIdentities(paper: PaperInput, sources: readonly EvidenceSource[] = EVIDENCE_SOURCES): Identity[] {
  const judges = sources.flatMap((source) => source.judge?.(paper) ?? []);
  const findings = paper.slots.map((slot, i) => {
    const seen = new Set<string>();
    return slot.candidates
      .filter((c) => !seen.has(c.openalexId) && seen.add(c.openalexId))
      .map((profile) => ({ profile, findings: judges.map((judge) => judge(i, profile)) }));
  });
  const decide = (fields: PaperField[]) => paper.slots.map((slot, i) => decideSlot(paper, slot, findings[i]!, fields));
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

function decideSlot(paper: PaperInput, slot: SlotInput, judged: Omit<Scored, 'evidence'>[], fields: PaperField[]): Identity {
  const scored: Scored[] = judged.map(({ profile, findings }) => {
    const inField = fields.find((f) => fieldFit(profile, f.field) === 'in');
    const evidence = findings.flatMap((f) => (f && f.verdict !== 'excludes' ? [f.evidence] : []));
    if (inField) evidence.push({ kind: 'field', field: inField.field.name });
    return { profile, evidence, findings };
  });

  const name = slot.name;
  const owner = scored.find((s) => s.findings.some((f) => f?.verdict === 'names'));
  if (owner) return identity('inferred', owner, scored, null);
  // A profile with another ORCID than the one printed beside this name is another person.
  const pool = scored.filter((s) => !s.findings.some((f) => f?.verdict === 'excludes'));

  const strong = pool.filter((s) => s.findings.some((f) => f?.verdict === 'supports')).sort(byStrength);
  if (strong.length === 1) {
    const only = strong[0]!;
    const merged = (only.profile.works ?? 0) > MERGED_PROFILE_WORKS && !only.findings.some((f) => f?.verdict === 'supports' && f.sure);
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

/**
 * Stronger first: each source's strength in the sources' order (more co-authors, then a printed
 * affiliation), then each one's detail (more shared works); never size.
 */
function byStrength(a: Scored, b: Scored): number {
  const support = (s: Scored, k: number, key: 'strength' | 'detail') => {
    const f = s.findings[k];
    return f?.verdict === 'supports' ? (f[key] ?? 0) : 0;
  };
  for (const key of ['strength', 'detail'] as const) {
    for (let k = 0; k < a.findings.length; k++) {
      const d = support(b, k, key) - support(a, k, key);
      if (d !== 0) return d;
    }
  }
  return 0;
}

function fieldFit(profile: CandidateProfile, field: Field | null): FieldFit {
  const total = profile.fields.reduce((n, f) => n + f.count, 0);
  if (!field || total === 0) return 'unknown';
  const mine = profile.fields.find((f) => f.id === field.id)?.count ?? 0;
  return mine / total >= IN_FIELD_SHARE ? 'in' : 'other';
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
