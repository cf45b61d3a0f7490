import type { DigestWork } from '../catalog/openalex';
import { emptyDigest, learnFromWorks, seenIn, type Digest } from './digest';
import { listingPlan, MAX_LISTING_REQUESTS, rssPlan, watchedCategories } from './watch';

const digest = (over: Partial<Digest>): Digest => ({ ...emptyDigest('x'), refreshedAt: 1, ...over });
const author = (openalexId: string | null, name: string, rawName: string | null = null, institutions: string[] = []) => ({
  name, rawName, openalexId, s2Id: null, institutions: institutions.map((n) => ({ openalexId: null, rorId: null, name: n, countryCode: null })), metrics: null,
});

describe('what Weft learns of a followed researcher', () => {
  it('from their latest works: how their name is printed, their co-authors by shared works, institutions, fields’ archives', () => {
    const works: DigestWork[] = [
      { id: 'W1', arxivId: '2611.00001', fieldId: 17, authors: [author('A1', 'Ray Cao', 'R. Cao', ['MIT']), author('A2', 'Sherry Luo', 'Luo, Sherry')] },
      { id: 'W2', arxivId: null, fieldId: 17, authors: [author('A2', 'Sherry Luo'), author('A1', 'Ray Cao', 'Ray J. Cao'), author(null, 'Ann Other')] },
      { id: 'W3', arxivId: null, fieldId: 26, authors: [author('A1', 'Ray Cao')] },
      { id: 'W4', arxivId: null, fieldId: 13, authors: [author('A5', 'Someone Else')] }, // not theirs
    ];
    const d = learnFromWorks('A1', works, emptyDigest('Ray Cao'), 1000);
    expect(d.names).toEqual(['Ray Cao', 'R. Cao', 'Ray J. Cao']);
    expect(d.coauthors).toEqual([{ name: 'Luo, Sherry', id: 'A2', works: 2 }, { name: 'Ann Other', id: null, works: 1 }]);
    expect(d.institutions).toEqual(['MIT']);
    expect(d.archives).toEqual(['cs', 'math']);
    expect(d.refreshedAt).toBe(1000);
  });

  it('from arXiv’s pages: the categories their papers are in', () => {
    expect(seenIn(seenIn(emptyDigest('Ray Cao'), 'cs.DC'), 'cs.DC').categories).toEqual({ 'cs.DC': 2 });
  });
});

describe('which announcements are read', () => {
  it('reads the categories seen on arXiv’s pages, else the fields’ archives; a category inside a watched archive is not read twice', () => {
    const w = watchedCategories(['A1', 'A2', 'A3', 'A4'], {
      A1: digest({ categories: { 'cs.DC': 3 }, archives: ['cs'] }),
      A2: digest({ archives: ['math'] }),
      A3: digest({ categories: { 'math.PR': 1 } }),
    }, { added: [], removed: [] }, []);
    expect(w).toEqual({ categories: ['cs.DC', 'math'], covered: 3, unplaced: ['A4'] });
  });

  it('takes the reader’s additions and removals, and followed topics’ categories', () => {
    const w = watchedCategories(['A1'], { A1: digest({ categories: { 'cs.DC': 3, 'cs.LG': 1 } }) }, { added: ['stat.ML'], removed: ['cs.LG'] }, [
      { id: 't1', query: 'diffusion', categories: ['q-bio.NC'], ring: true, followedAt: 0 },
    ]);
    expect(w.categories).toEqual(['cs.DC', 'q-bio.NC', 'stat.ML']);
  });

  it('reads a category alone when it is its archive’s only one, else the archive’s listing; at most a few requests', () => {
    expect(listingPlan(['cs.DC', 'cs.LG', 'math.PR', 'stat.ML'])).toEqual([
      'https://arxiv.org/list/cs/new', 'https://arxiv.org/list/math.PR/new', 'https://arxiv.org/list/stat.ML/new',
    ]);
    const many = ['astro-ph.GA', 'cond-mat.soft', 'cs.DC', 'econ.TH', 'eess.SP', 'gr-qc', 'hep-th', 'math.PR', 'nlin.CD', 'q-bio.NC'];
    expect(listingPlan(many)).toHaveLength(MAX_LISTING_REQUESTS);
  });

  it('joins every category in one RSS request', () => {
    expect(rssPlan(['cs.DC', 'math', 'stat.ML'])).toEqual(['https://rss.arxiv.org/rss/cs.DC+math+stat.ML']);
    expect(rssPlan([])).toEqual([]);
  });
});
