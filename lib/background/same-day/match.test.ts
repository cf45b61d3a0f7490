import type { AnnouncedPaper } from '../../arxiv/announcement-model';
import type { AuthorSuggestion } from '../catalog/openalex';
import { catalogEvidence } from './evidence';
import { knownEvidence, nameHits, sieveFamilies, type Followed } from './match';

const paper = (arxivId: string, authors: string[], over: Partial<AnnouncedPaper> = {}): AnnouncedPaper => ({ arxivId, title: arxivId, authors, categories: ['cs.DC'], type: 'new', ...over });

const RAY: Followed = {
  id: 'A1', names: ['Ray Cao', 'Ray J. Cao'],
  coauthors: [{ name: 'Sherry Luo', id: 'A2', works: 4 }, { name: 'Gan, Steve', id: 'A3', works: 1 }],
  institutions: ['University of Oxford'], usual: ['cs.DC'],
};
const LI: Followed = { id: 'A9', names: ['Li Ming'], coauthors: [], institutions: [], usual: ['math'] };

describe('name matches', () => {
  it('finds a followed name however arXiv prints it, once per paper and researcher', () => {
    const hits = nameHits([
      paper('p1', ['Sherry Luo', 'Ray Cao']),
      paper('p2', ['R. Cao', 'Someone Else']),
      paper('p3', ['Cao, Ray', 'Ray Cao']),
      paper('p4', ['Ray Chao', 'Rui Cao', 'Jay Cao']),
      paper('p5', ['Ming Li', 'Ray Cao']),
    ], [RAY, LI]);
    expect(hits.map((h) => [h.paper.arxivId, h.researcher.id, h.position])).toEqual([
      ['p1', 'A1', 1], ['p2', 'A1', 0], ['p3', 'A1', 0], ['p5', 'A9', 0], ['p5', 'A1', 1],
    ]);
  });

  it('gives the sieve the names’ first and last words, never a lone initial', () => {
    expect(sieveFamilies([RAY, LI]).sort()).toEqual(['cao', 'li', 'ming', 'ray']);
  });
});

describe('what Weft knows for free', () => {
  const hit = (authors: string[], over: Partial<AnnouncedPaper> = {}) => nameHits([paper('p', authors, over)], [RAY])[0]!;

  it('a known co-author on the paper is evidence, with the works they share', () => {
    expect(knownEvidence(hit(['Ray Cao', 'S. Luo', 'Steve Gan', 'New Person']))).toEqual({ kind: 'coauthors', coauthors: ['S. Luo', 'Steve Gan'], sharedWorks: 5 });
  });

  it('an affiliation printed beside the name that is theirs is evidence; one beside another name is not', () => {
    expect(knownEvidence(hit(['Ray Cao', 'Ann Other'], { affiliations: { 0: ['Dept. of Computer Science, University of Oxford, UK'] } })))
      .toEqual({ kind: 'affiliation', institution: 'University of Oxford' });
    expect(knownEvidence(hit(['Ray Cao', 'Ann Other'], { affiliations: { 1: ['University of Oxford'] } }))).toBeNull();
  });

  it('the name alone is nothing; nor is their own name twice', () => {
    expect(knownEvidence(hit(['Ray Cao', 'Ann Other']))).toBeNull();
    expect(knownEvidence(hit(['Ray Cao', 'Ray J. Cao']))).toBeNull();
  });
});

describe('the catalog’s evidence', () => {
  /** OpenAlex autocomplete: every profile of a name (as the world has them). */
  const profiles: Record<string, AuthorSuggestion[]> = {
    'Ray Cao': [{ id: 'A1', name: 'Ray Cao', hint: null, citedBy: 10, works: 20 }, { id: 'A7', name: 'Ray Cao', hint: null, citedBy: 9000, works: 300 }],
    'Wen Xu': [{ id: 'A20', name: 'Wen Xu', hint: null, citedBy: 1, works: 3 }],
    'Bo Ek': [{ id: 'A30', name: 'Bo Ek', hint: null, citedBy: 1, works: 3 }],
    Nobody: [],
  };
  const suggest = vi.fn(async (name: string) => profiles[name] ?? []);
  /** Works joining two sets, from this list (A1 wrote with A20; the namesake A7 with A30). */
  const works = [{ id: 'W1', authorIds: ['A1', 'A20'] }, { id: 'W2', authorIds: ['A1', 'A20', 'A99'] }, { id: 'W3', authorIds: ['A7', 'A30'] }];
  const worksJoining = vi.fn(async ([a, b]: string[][]) => ({
    works: works.filter((w) => w.authorIds.some((id) => a!.includes(id)) && w.authorIds.some((id) => b!.includes(id))),
    complete: true,
  }));

  it('infers the researcher from shared works, drops a namesake’s paper, leaves the name alone a guess — in one list call', async () => {
    const hits = nameHits([
      paper('mine', ['Ray Cao', 'Wen Xu']),
      paper('namesake', ['Bo Ek', 'Ray Cao']),
      paper('unknown', ['Ray Cao', 'Nobody'], { categories: ['hep-th'] }),
    ], [RAY]);
    const r = await catalogEvidence(hits, 4, { suggest, openalex: { worksJoining } });
    expect(r.decisions).toEqual([
      { match: 'inferred', evidence: { kind: 'coauthors', coauthors: ['Wen Xu'], sharedWorks: 2 } },
      { match: 'someone-else' },
      { match: 'guess', evidence: { kind: 'name', usual: false } },
    ]);
    expect(r.credits).toBe(1);
    expect(worksJoining).toHaveBeenCalledTimes(1);
    // The researcher and their namesake on one side, the co-authors' profiles on the other.
    expect(worksJoining.mock.calls[0]![0]!.map((s) => [...s].sort())).toEqual([['A1', 'A7'], ['A20', 'A30']]);
    expect(r.lookups).toBe(4);
  });

  it('spends no credit it was not given: what is left unasked stays a guess', async () => {
    worksJoining.mockClear();
    const hits = nameHits([paper('mine', ['Ray Cao', 'Wen Xu'])], [RAY]);
    const r = await catalogEvidence(hits, 0, { suggest, openalex: { worksJoining } });
    expect(r.decisions).toEqual([{ match: 'guess', evidence: { kind: 'name', usual: true } }]);
    expect(worksJoining).not.toHaveBeenCalled();
  });
});
