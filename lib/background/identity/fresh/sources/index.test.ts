import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../../../cache/cache';
import type { AuthorSuggestion, CandidateProfile } from '../../../catalog/openalex';
import { createFreshIdentifier, type FreshPaper, type IdentifySpend } from '../identifier';
import { EVIDENCE_SOURCES } from '.';
import type { EvidenceSource, IdentifierClient } from './source';

// Two authors of a paper no catalog has, each name shared by two profiles in the paper's field and
// nothing to tell them apart: without more evidence, nobody (docs/identity.md, The rules).
const NAMES = { 'Ray Cao': ['A5000000001', 'A5000000002'], 'Sherry Luo': ['A5000000003', 'A5000000004'] } as const;
const TRUE_RAY = 'A5000000002';

const profile = (id: string, name: string): CandidateProfile => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: name, hIndex: 9, citedBy: 200, works: 30,
  lastKnownInstitutions: [], alternativeNames: [], institutions: [], fields: [{ id: 17, name: 'Computer Science', count: 10 }],
});
const PROFILES = new Map<string, CandidateProfile>(Object.entries(NAMES).flatMap(([name, ids]) => ids.map((id) => [id, profile(id, name)] as const)));

/** OpenAlex as the identifier asks it, every request told to `asked`; `resetAt`: when a spent day's budget comes back. */
function fakeOpenAlex(asked: string[], resetAt = 0) {
  const client: IdentifierClient = {
    autocomplete: (async (_entity: 'authors', q: string): Promise<AuthorSuggestion[]> => {
      asked.push(`autocomplete ${q}`);
      return (NAMES[q as keyof typeof NAMES] ?? []).map((id) => ({ id, name: q, hint: null, citedBy: 200, works: 30 }));
    }) as IdentifierClient['autocomplete'],
    namesakes: async () => ({ profiles: [], complete: true }),
    candidateProfiles: async (ids) => {
      asked.push('profiles');
      return ids.flatMap((id) => PROFILES.get(id) ?? []);
    },
    candidateById: async (ref) => PROFILES.get('openalexId' in ref ? ref.openalexId : '')!,
    worksJoining: async () => {
      asked.push('works');
      return { works: [], complete: true };
    },
    budgetResetAt: async () => resetAt,
  };
  return { ...client, at: () => client };
}

const paper: FreshPaper = { arxivId: '2606.00001', primaryCategory: 'cs.DC', authors: Object.keys(NAMES).map((name, index) => ({ index, name })) };

/**
 * A source no catalog request of the registry makes: a list call of its own (a credit), and a
 * candidate it names as the author's, only among the candidates it was given.
 */
function homepage(seen: string[][]): EvidenceSource {
  return {
    name: 'homepage',
    cost: () => ({ requests: 0, credits: 1 }),
    async gather(batch) {
      seen.push(...batch.papers.flatMap((s) => s.slots.map((slot) => [...slot.ids])));
      if (batch.credits.take()) await batch.worksJoining([[TRUE_RAY]], true);
    },
    judge: (input) => (slot, candidate) =>
      input.slots[slot]!.name === 'Ray Cao' && candidate.openalexId === TRUE_RAY
        ? { verdict: 'supports', evidence: { kind: 'affiliation', institution: 'Cao Lab' }, strength: 1, sure: true }
        : null,
  };
}

describe('the registry of evidence sources', () => {
  it('runs a source registered beside the others: it sees the candidates, spends its credit, and its evidence decides', async () => {
    const plain = await createFreshIdentifier({ openalex: fakeOpenAlex([]), cache: createCache({ factory: new IDBFactory() }) }).identify([paper]);
    expect(plain.papers.get(paper.arxivId)!.map((i) => i.match)).toEqual([null, null]);

    const seen: string[][] = [];
    const asked: string[] = [];
    const fresh = createFreshIdentifier({ openalex: fakeOpenAlex(asked), cache: createCache({ factory: new IDBFactory() }), sources: [...EVIDENCE_SOURCES, homepage(seen)] });
    const spent: IdentifySpend[] = [];
    fresh.onSpent((s) => spent.push(s));
    const [ray, sherry] = (await fresh.identify([paper])).papers.get(paper.arxivId)!;

    expect(seen).toEqual(Object.values(NAMES));
    expect(ray).toMatchObject({ match: 'inferred', openalexId: TRUE_RAY, evidence: [{ kind: 'affiliation', institution: 'Cao Lab' }, { kind: 'field', field: 'Computer Science' }] });
    expect(sherry).toMatchObject({ match: null, note: { kind: 'several-in-field' } });
    // Its call is told with the others': one profile list, one shared-works call, its own.
    expect(asked.filter((a) => a === 'works')).toHaveLength(2);
    expect(spent).toEqual([{ papers: [{ arxivId: paper.arxivId, authors: 2 }], credits: 3 }]);
  });

  it('leaves out a source that only spends credits once a batch has none', async () => {
    const seen: string[][] = [];
    const asked: string[] = [];
    // The day's budget is spent: no credit at all.
    const fresh = createFreshIdentifier({ openalex: fakeOpenAlex(asked, Date.now() + 3_600_000), cache: createCache({ factory: new IDBFactory() }), sources: [...EVIDENCE_SOURCES, homepage(seen)] });
    const identities = (await fresh.identify([paper])).papers.get(paper.arxivId)!;
    expect(seen).toEqual([]);
    expect(asked.filter((a) => a !== 'autocomplete Ray Cao' && a !== 'autocomplete Sherry Luo')).toEqual([]);
    // Its judgement still counts: it is pure.
    expect(identities[0]).toMatchObject({ match: 'inferred', openalexId: TRUE_RAY });
  });
});
