import type { BackgroundDeps } from '../deps';
import type { Correction } from '../identity/corrections';
import { authorService } from './author';

function service() {
  const saved: Correction[] = [];
  const deps = {
    catalog: { authorMetrics: async () => ({ value: {}, fetchedAt: 1, stale: false }) },
    openalex: {},
    search: {},
    corrections: { save: async (c: Correction) => void saved.push(c), list: async () => saved },
  } as unknown as Pick<BackgroundDeps, 'catalog' | 'openalex' | 'corrections' | 'search'>;
  return { h: authorService(deps), saved };
}

const sender = {} as never;

describe('author-correct', () => {
  it('keeps the correction at the author\'s index in the page\'s list', async () => {
    const { h, saved } = service();
    await h['author-correct']({ type: 'author-correct', arxivId: '2406.05546', index: 1, names: ['Cao, Ray', 'Luo, Sherry'], openalexId: null, everywhere: false }, sender);
    expect(saved.map((c) => [c.index, c.name])).toEqual([[1, 'Luo, Sherry']]);
  });

  it('keeps it at the paper-list position a page without its own list (the HTML view) gives', async () => {
    const { h, saved } = service();
    // V. Khachatryan is the HTML view's first person, and author 2 of the paper.
    await h['author-correct']({ type: 'author-correct', arxivId: '1411.4413', index: 0, names: ['V. Khachatryan', 'A.M. Sirunyan'], openalexId: null, everywhere: true, position: 2 }, sender);
    expect(saved.map((c) => [c.index, c.name, c.coauthors])).toEqual([[2, 'V. Khachatryan', ['a m sirunyan']]]);
  });
});
