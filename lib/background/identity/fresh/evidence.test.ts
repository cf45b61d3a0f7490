import type { CandidateProfile, WorkAuthors } from '../../catalog/openalex';
import { decideIdentities, MERGED_PROFILE_WORKS, type PaperInput, type SlotInput } from './evidence';
import { fieldOfCategory } from '../../../catalog/fields';

const CS = fieldOfCategory('cs.DC');

interface Shape {
  name?: string;
  /** Topic counts per OpenAlex field id; default all in Computer Science. */
  fields?: Record<number, number>;
  works?: number;
  cited?: number;
  h?: number;
  orcid?: string;
  institutions?: string[];
}

const FIELD_NAMES: Record<number, string> = { 17: 'Computer Science', 16: 'Chemistry', 20: 'Economics, Econometrics and Finance', 26: 'Mathematics', 27: 'Medicine' };
const ECONOMICS = fieldOfCategory('econ.GN');

function profile(id: string, shape: Shape = {}): CandidateProfile {
  const insts = (shape.institutions ?? []).map((name, k) => ({ openalexId: `I${k + 1}${id.slice(1)}`, rorId: null, name, countryCode: null }));
  return {
    source: 'openalex', openalexId: id, s2Id: null, orcid: shape.orcid ?? null, displayName: shape.name ?? 'Ray Cao',
    hIndex: shape.h ?? 7, citedBy: shape.cited ?? 300, works: shape.works ?? 40, lastKnownInstitutions: insts.slice(0, 1),
    alternativeNames: [], institutions: insts,
    fields: Object.entries(shape.fields ?? { 17: 10 }).map(([fid, count]) => ({ id: Number(fid), name: FIELD_NAMES[Number(fid)] ?? '', count })),
  };
}

const slot = (name: string, candidates: CandidateProfile[], printed?: SlotInput['printed']): SlotInput => ({ name, candidates, ...(printed ? { printed } : {}) });
const work = (id: string, ...authorIds: string[]): WorkAuthors => ({ id, authorIds });
const paper = (slots: SlotInput[], works: WorkAuthors[] = [], extra: Partial<PaperInput> = {}): PaperInput => ({ field: CS, slots, works, ...extra });
const printedAt = (affiliations: string[] = [], orcid: string | null = null) => ({ affiliations, orcid, emailDomains: [] });

describe('decideIdentities', () => {
  it('infers the profile that shares earlier works with co-authors, and names them', () => {
    const namesake = profile('A1', { works: 900, cited: 90_000, h: 60 });
    const truth = profile('A2');
    const [ray, sherry, steve] = decideIdentities(paper(
      [slot('Ray Cao', [namesake, truth]), slot('Sherry Luo', [profile('A3', { name: 'Sherry Luo' })]), slot('Steve Gan', [profile('A4', { name: 'Steve Gan' })])],
      [work('W1', 'A2', 'A3', 'X9'), work('W2', 'A2', 'A4'), work('W3', 'A2', 'A3', 'A4'), work('W4', 'A2', 'A4')],
    ));
    expect(ray).toMatchObject({ match: 'inferred', openalexId: 'A2', note: null });
    expect(ray!.evidence).toContainEqual({ kind: 'coauthors', sharedWorks: 4, coauthors: ['Sherry Luo', 'Steve Gan'] });
    expect(ray!.candidates.map((c) => c.openalexId)).toEqual(['A2', 'A1']);
    expect(sherry).toMatchObject({ match: 'inferred', openalexId: 'A3' });
    expect(steve!.evidence).toContainEqual({ kind: 'coauthors', sharedWorks: 3, coauthors: ['Ray Cao', 'Sherry Luo'] });
  });

  it('guesses the only same-name profile in the paper\'s field, and says so', () => {
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 16: 9 }, cited: 80_000 }), profile('A2'), profile('A3', { fields: { 27: 9, 17: 1 } })])]));
    expect(ray).toMatchObject({ match: 'guess', openalexId: 'A2' });
    expect(ray!.evidence).toEqual([{ kind: 'field', field: 'Computer Science' }]);
    expect(ray!.note).toEqual({ kind: 'only-one', name: 'Ray Cao', field: { name: 'Computer Science', why: 'category', paperField: 'Computer Science' } });
    expect(ray!.candidates.map((c) => c.openalexId)).toEqual(['A2', 'A1', 'A3']);
  });

  it('guesses in the field the co-authors identified by evidence work in, before the category\'s', () => {
    // An econ.GN paper by computer scientists: Sherry Luo and Steve Gan share a work.
    const coauthors = [slot('Sherry Luo', [profile('A3', { name: 'Sherry Luo' })]), slot('Steve Gan', [profile('A4', { name: 'Steve Gan' })])];
    const shared = [work('W1', 'A3', 'A4')];
    const economist = profile('A1', { fields: { 20: 9 } });
    const computerScientist = profile('A2');
    const [ray] = decideIdentities(paper([slot('Ray Cao', [economist, computerScientist]), ...coauthors], shared, { field: ECONOMICS }));
    expect(ray).toMatchObject({ match: 'guess', openalexId: 'A2' });
    expect(ray!.note).toEqual({ kind: 'only-one', name: 'Ray Cao', field: { name: 'Computer Science', why: 'coauthors', paperField: 'Economics, Econometrics and Finance' } });
    expect(ray!.evidence).toEqual([{ kind: 'field', field: 'Computer Science' }]);
    // Without the co-authors' evidence, the category's field decides.
    const [alone] = decideIdentities(paper([slot('Ray Cao', [economist, computerScientist]), ...coauthors], [], { field: ECONOMICS }));
    expect(alone).toMatchObject({ match: 'guess', openalexId: 'A1' });
    expect(alone!.note).toMatchObject({ kind: 'only-one', field: { name: 'Economics, Econometrics and Finance', why: 'category' } });
  });

  it('keeps the category\'s field when the identified co-authors work in different ones', () => {
    const coauthors = [slot('Sherry Luo', [profile('A3', { name: 'Sherry Luo' })]), slot('Steve Gan', [profile('A4', { name: 'Steve Gan', fields: { 26: 9 } })])];
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 20: 9 } }), profile('A2')]), ...coauthors], [work('W1', 'A3', 'A4')], { field: ECONOMICS }));
    expect(ray).toMatchObject({ match: 'guess', openalexId: 'A1' });
  });

  it('finds nobody when the co-authors\' field holds two namesakes, even if the category\'s holds one', () => {
    const coauthors = [slot('Sherry Luo', [profile('A3', { name: 'Sherry Luo' })]), slot('Steve Gan', [profile('A4', { name: 'Steve Gan' })])];
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 20: 9 } }), profile('A2'), profile('A5')]), ...coauthors], [work('W1', 'A3', 'A4')], { field: ECONOMICS }));
    expect(ray).toMatchObject({ match: null, openalexId: null });
    expect(ray!.note).toEqual({ kind: 'several-in-field', name: 'Ray Cao', profiles: 2, field: { name: 'Computer Science', why: 'coauthors', paperField: 'Economics, Econometrics and Finance' } });
  });

  it('infers a profile unique in the field only with evidence beyond the name', () => {
    const solo = paper([slot('Ray Cao', [profile('A2')]), slot('Bo Li', [profile('B1', { name: 'Bo Li' })])]);
    expect(decideIdentities(solo)[0]!.match).toBe('guess');
    expect(decideIdentities({ ...solo, works: [work('W1', 'A2', 'B1')] })[0]!.match).toBe('inferred');
  });

  it('shows nobody when several profiles in the field have no evidence between them, whatever their size', () => {
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { works: 800, cited: 50_000 }), profile('A2', { works: 12, cited: 40 })])]));
    expect(ray).toMatchObject({ match: null, openalexId: null, evidence: [] });
    expect(ray!.note).toMatchObject({ kind: 'several-in-field', profiles: 2, field: { name: 'Computer Science', why: 'category' } });
    expect(ray!.candidates.map((c) => c.openalexId)).toEqual(['A1', 'A2']);
  });

  it('shows nobody for a newcomer whose name belongs to people in other fields', () => {
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 16: 9 } }), profile('A2', { fields: { 26: 3 } })])]));
    expect(ray).toMatchObject({ match: null, openalexId: null });
    expect(ray!.note).toEqual({ kind: 'other-fields', name: 'Ray Cao', theirs: ['Chemistry', 'Mathematics'], lookedIn: ['Computer Science'] });
  });

  it('guesses in a field next to the paper\'s when no profile of the name works in it, and only the one there', () => {
    const eess = { field: fieldOfCategory('eess.IV') };
    const [alone] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 16: 9 } }), profile('A2')])], [], eess));
    expect(alone).toMatchObject({ match: 'guess', openalexId: 'A2' });
    expect(alone!.note).toEqual({ kind: 'only-one', name: 'Ray Cao', field: { name: 'Computer Science', why: 'neighbour', paperField: 'Engineering' } });
    const [two] = decideIdentities(paper([slot('Ray Cao', [profile('A1'), profile('A2')])], [], eess));
    expect(two).toMatchObject({ match: null, openalexId: null });
    // A cs paper: its own field only (a namesake in Mathematics is someone else).
    const [cs] = decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 26: 9 } })])]));
    expect(cs).toMatchObject({ match: null });
  });

  it('shows nobody when no profile has the name', () => {
    const [ray] = decideIdentities(paper([slot('Ray Cao', [])]));
    expect(ray).toMatchObject({ match: null, candidates: [] });
    expect(ray!.note).toEqual({ kind: 'none-named', name: 'Ray Cao' });
  });

  it('never lets a larger namesake win: evidence decides, and without it size does not break the tie', () => {
    const big = profile('A1', { works: 900, cited: 1_000_000, h: 120 });
    const small = profile('A2', { works: 3, cited: 1, h: 1 });
    const co = slot('Bo Li', [profile('B1', { name: 'Bo Li' })]);
    expect(decideIdentities(paper([slot('Ray Cao', [big, small]), co], [work('W1', 'A2', 'B1')]))[0]!.openalexId).toBe('A2');
    expect(decideIdentities(paper([slot('Ray Cao', [big, small]), co]))[0]!.openalexId).toBeNull();
  });

  it('infers the owner of a printed ORCID, and rules out profiles with another ORCID', () => {
    const owner = profile('A2', { orcid: '0000-0002-1825-0097', fields: { 16: 3 } });
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A1'), owner], printedAt([], '0000-0002-1825-0097'))]));
    expect(ray).toMatchObject({ match: 'inferred', openalexId: 'A2' });
    expect(ray!.evidence).toContainEqual({ kind: 'orcid', orcid: '0000-0002-1825-0097' });

    const other = profile('A1', { orcid: '0000-0001-0000-0001' });
    const [guess] = decideIdentities(paper([slot('Ray Cao', [other, profile('A3')], printedAt([], '0000-0002-1825-0097'))]));
    expect(guess).toMatchObject({ match: 'guess', openalexId: 'A3' });
  });

  it('infers the profile whose institution the page prints, for the author or for the paper', () => {
    const candidates = [profile('A1', { institutions: ['University of Melbourne'] }), profile('A2', { institutions: ['Google (United States)', 'University of Oxford'] })];
    const [byAuthor] = decideIdentities(paper([slot('Ray Cao', candidates, printedAt(['Department of Computer Science, University of Oxford, UK']))]));
    expect(byAuthor).toMatchObject({ match: 'inferred', openalexId: 'A2' });
    expect(byAuthor!.evidence).toContainEqual({ kind: 'affiliation', institution: 'University of Oxford' });
    const [byPaper] = decideIdentities(paper([slot('Ray Cao', candidates)], [], { printed: { affiliations: ['Google Research, Mountain View'] } }));
    expect(byPaper).toMatchObject({ match: 'inferred', openalexId: 'A2' });
    const [neither] = decideIdentities(paper([slot('Ray Cao', candidates, printedAt(['Oxford Brookes University']))]));
    expect(neither!.match).toBeNull();
  });

  it('only guesses when several same-name profiles have evidence', () => {
    const [ray] = decideIdentities(paper(
      [slot('Ray Cao', [profile('A1'), profile('A2')]), slot('Bo Li', [profile('B1', { name: 'Bo Li' })]), slot('Ann Oh', [profile('C1', { name: 'Ann Oh' })])],
      [work('W1', 'A1', 'B1'), work('W2', 'A2', 'B1'), work('W3', 'A2', 'C1')],
    ));
    expect(ray).toMatchObject({ match: 'guess', openalexId: 'A2' });
    expect(ray!.note).toEqual({ kind: 'several-tied', name: 'Ray Cao', profiles: 2 });
  });

  it('does not take one shared work as enough for a profile large enough to be several people', () => {
    const giant = profile('A1', { works: MERGED_PROFILE_WORKS + 1 });
    const co = [slot('Bo Li', [profile('B1', { name: 'Bo Li' })]), slot('Ann Oh', [profile('C1', { name: 'Ann Oh' })])];
    expect(decideIdentities(paper([slot('Ray Cao', [giant]), ...co], [work('W1', 'A1', 'B1')]))[0]).toMatchObject({
      match: 'guess',
      note: { kind: 'merged-profile', name: 'Ray Cao', works: MERGED_PROFILE_WORKS + 1 },
    });
    expect(decideIdentities(paper([slot('Ray Cao', [giant]), ...co], [work('W1', 'A1', 'B1'), work('W2', 'A1', 'C1')]))[0]!.match).toBe('inferred');
  });

  it('takes no evidence from a work of two namesakes, nor from one profile fitting two authors', () => {
    const co = slot('Bo Li', [profile('B1', { name: 'Bo Li' })]);
    const namesakes = decideIdentities(paper([slot('Ray Cao', [profile('A1'), profile('A2')]), co], [work('W1', 'A1', 'A2', 'X1')]));
    expect(namesakes.map((i) => i.match)).not.toContain('inferred');
    const one = profile('A1', { name: 'Wei Wang' });
    const twice = decideIdentities(paper([slot('Wei Wang', [one]), slot('W. Wang', [one]), co], [work('W2', 'A1', 'X1')]));
    expect(twice.map((i) => i.match)).not.toContain('inferred');
  });

  it('makes both guesses when one profile would be two authors of the paper', () => {
    const a = profile('A1', { name: 'Wei Wang' });
    const ids = decideIdentities(paper(
      [slot('Wei Wang', [a]), slot('W. Wang', [a]), slot('Bo Li', [profile('B1', { name: 'Bo Li' })])],
      [work('W1', 'A1', 'B1')],
    ));
    expect(ids.slice(0, 2).map((i) => [i.match, i.openalexId])).toEqual([['guess', 'A1'], ['guess', 'A1']]);
    expect(ids.slice(0, 2).map((i) => i.note)).toEqual([{ kind: 'shared-profile', name: 'Wei Wang' }, { kind: 'shared-profile', name: 'W. Wang' }]);
    expect(ids[2]!.match).toBe('inferred');
  });

  it('without a field, guesses a lone profile and shows nobody for two', () => {
    const none = { field: null };
    expect(decideIdentities(paper([slot('Ray Cao', [profile('A1', { fields: { 16: 2 } })])], [], none))[0]).toMatchObject({
      match: 'guess', openalexId: 'A1', note: { kind: 'only-one', name: 'Ray Cao', field: null },
    });
    expect(decideIdentities(paper([slot('Ray Cao', [profile('A1'), profile('A2')])], [], none))[0]).toMatchObject({
      match: null, note: { kind: 'several-in-field', name: 'Ray Cao', profiles: 2, field: null },
    });
  });

  it('carries each candidate\'s figures for the badge', () => {
    const [ray] = decideIdentities(paper([slot('Ray Cao', [profile('A2', { h: 11, cited: 1234, works: 56, institutions: ['KTH Royal Institute of Technology'] })])]));
    expect(ray!.candidates[0]).toMatchObject({ openalexId: 'A2', hIndex: 11, citedBy: 1234, worksCount: 56, institution: 'KTH Royal Institute of Technology' });
  });
});
