import { describe, expect, it } from 'vitest';
import { createPageAllowance } from './page-allowance';
import type { BatchAnswer } from './identity/paper-batches';
import type { IdentifySpend } from './identity/fresh/identifier';
import type { WeftRequest } from './protocol';

const LISTING_TAB = { id: 'weft', tab: { id: 3 }, url: 'https://arxiv.org/list/cs.LG/new' } as never;
const NAMES = ['Ann Lee', 'Bo Li', 'Cy Ng', 'Di Wu'];

function setup() {
  const listeners: ((spent: IdentifySpend) => void)[] = [];
  const allowance = createPageAllowance({ store: null, identifier: { onSpent: (l) => (listeners.push(l), () => undefined) } });
  return { allowance, tell: (spent: IdentifySpend) => listeners.forEach((l) => l(spent)) };
}

/** A listing's message for new papers `ids`, in view. */
const papersAuthors = (ids: string[]): WeftRequest => ({
  type: 'papers-authors',
  papers: ids.map((arxivId) => ({ arxivId, names: NAMES, category: 'cs.LG' })),
  ahead: [],
  upcoming: [],
  onlyFollowed: false,
  inView: true,
});
const stillIdentifying = (ids: string[], unindexed: string[]): BatchAnswer => ({ papers: ids.map((arxivId) => ({ arxivId, identifying: true as const })), unindexed });

describe('page allowance: papers answered while still being identified', () => {
  it('keeps charging them an estimate until their identification tells what it spent; asking for them again costs nothing more', async () => {
    const { allowance, tell } = setup();
    const ids = ['2606.00001', '2606.00002'];
    await allowance.spend(LISTING_TAB, papersAuthors(ids), async () => stillIdentifying(ids, ids));
    const during = allowance.spent(LISTING_TAB);
    // Their lookups by DOI and their authors' figures: a share of a list call each (100 a call).
    const resolving = (ids.length + ids.length * NAMES.length) / 100;
    expect(during.credits).toBeGreaterThan(resolving);

    await allowance.spend(LISTING_TAB, papersAuthors(ids), async () => stillIdentifying(ids, []));
    expect(allowance.spent(LISTING_TAB)).toEqual(during);

    tell({ papers: [{ arxivId: ids[0]!, authors: 4 }], credits: 2 });
    tell({ papers: [{ arxivId: ids[1]!, authors: 4 }], credits: 0 });
    expect(allowance.spent(LISTING_TAB).credits).toBeCloseTo(resolving + 2);
  });

  it('charges a paper answered before Semantic Scholar said whether it has it by what its answer shows once asked again', async () => {
    const { allowance } = setup();
    const ids = ['2606.00001'];
    const unresolved: BatchAnswer = { papers: [{ arxivId: ids[0]!, identifying: true, unresolved: true }], unindexed: [] };
    await allowance.spend(LISTING_TAB, papersAuthors(ids), async () => unresolved);
    // Only its lookup so far: no estimate of identifying a paper Semantic Scholar may well have.
    expect(allowance.spent(LISTING_TAB).credits).toBeCloseTo(ids.length / 100);
    const s2Record: BatchAnswer = { papers: [{ arxivId: ids[0]!, source: 's2', slots: [], fetchedAt: 0, stale: false, published: null }], unindexed: [] };
    await allowance.spend(LISTING_TAB, papersAuthors(ids), async () => s2Record);
    // Semantic Scholar's record carries its authors' figures: no credits more, its names' free lookups as requests.
    expect(allowance.spent(LISTING_TAB)).toMatchObject({ credits: expect.closeTo(ids.length / 100), requests: expect.closeTo(ids.length / 100 + NAMES.length) });
  });

  it('what their identifications spend after the answers fills the page\'s share: then the page is paused', async () => {
    const { allowance, tell } = setup();
    let answered = 0;
    let paused = false;
    for (let k = 0; k < 400 && !paused; k++) {
      const ids = [`2606.${String(k).padStart(5, '0')}`];
      const got = await allowance.spend(LISTING_TAB, papersAuthors(ids), async () => stillIdentifying(ids, ids));
      if (!got.ok) paused = true;
      else {
        answered++;
        tell({ papers: [{ arxivId: ids[0]!, authors: 4 }], credits: 5 });
      }
    }
    expect(paused).toBe(true);
    // Five credits each, the day's share 700 (lib/shared/limits.ts).
    expect(answered).toBeLessThanOrEqual(140);
    expect(allowance.spent(LISTING_TAB).credits).toBeLessThanOrEqual(700);
  });
});
