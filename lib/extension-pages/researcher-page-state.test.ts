import type { ResearcherProfile, ResearcherProfileResult, ResearcherWorksResult } from '@/lib/background/protocol';
import { RemoteError } from '@/lib/ui/client';
import { createResearcherPage, WORKS_STEP } from './researcher-page-state';
import { work } from './researcher-testing';
import { deferredAsk } from '@/test/fake-ask';

const profile = (id: string): ResearcherProfile => ({
  source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: `Name ${id}`, hIndex: 1, citedBy: 2, works: 3,
  lastKnownInstitutions: [], alternativeNames: [], i10Index: 1, meanCitedness2y: 1, countsByYear: [], topics: [],
});
const ready = (id: string): ResearcherProfileResult => ({ status: 'ready', profile: profile(id), fetchedAt: 1, stale: false });
const works = (prefix: string, n: number, { total = n, pageSize = 200, page = 1 } = {}): ResearcherWorksResult => ({
  works: Array.from({ length: n }, (_, i) => work(`W${prefix}${i}`, 'first', [['A99']], { citedBy: i, year: 2000 + (i % 20), topicIds: i % 2 ? ['T1'] : [] })),
  total, page, pageSize, fetchedAt: 1, stale: false,
});

/** A researcher page whose background answers each request when the test does. */
function setup() {
  const { ask, answer, asked, mock } = deferredAsk();
  const moved = vi.fn();
  const page = createResearcherPage(ask, { onMoved: moved });
  return { page, ask: mock, answer, asked, moved };
}

describe('researcher page state', () => {
  it('loads the profile, then its newest works; S2 figures are asked beside them', async () => {
    const { page, answer, asked } = setup();
    page.open('A1', '123');
    expect(page.profile.value.status).toBe('loading');
    expect(asked('researcher-s2')).toEqual([{ type: 'researcher-s2', id: 'A1', s2Id: '123' }]);
    await answer('researcher-profile', ready('A1'));
    expect(page.profile.value).toMatchObject({ status: 'ready', id: 'A1' });
    expect(asked('researcher-works')).toEqual([{ type: 'researcher-works', id: 'A1', order: 'recent', page: 1 }]);
    await answer('researcher-works', works('a', 30));
    expect(page.visible.value).toHaveLength(WORKS_STEP);
    expect(page.network.value?.nodes).toEqual([{ id: 'A99', name: 'Person A99', sharedWorks: 30 }]);
  });

  it('a merged id: the surviving id names the works asked for and the address', async () => {
    const { page, answer, asked, moved } = setup();
    page.open('A1');
    await answer('researcher-profile', ready('A2'));
    expect(moved).toHaveBeenCalledWith('A2');
    expect(page.profile.value).toMatchObject({ status: 'ready', id: 'A2' });
    expect(asked('researcher-works').map((r) => r.id)).toEqual(['A2']);
  });

  it('an unknown id is unmatched; a failure is an error whose retry asks again', async () => {
    const { page, answer, asked } = setup();
    page.open('A1');
    await answer('researcher-profile', { status: 'unmatched', fetchedAt: 1, stale: false });
    expect(page.profile.value.status).toBe('unmatched');
    page.open('A2');
    await answer('researcher-profile', new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    expect(page.profile.value).toMatchObject({ status: 'error', failure: { kind: 'network' } });
    page.retry();
    await answer('researcher-profile', ready('A2'));
    expect(page.profile.value.status).toBe('ready');
    expect(asked('researcher-profile')).toHaveLength(3);
  });

  it('no address id: invalid, nothing asked', () => {
    const { page, ask } = setup();
    page.open(null);
    expect(page.profile.value.status).toBe('invalid');
    expect(ask).not.toHaveBeenCalled();
  });

  it('a late answer for a researcher left behind is never shown', async () => {
    const { page, answer } = setup();
    page.open('A1');
    page.open('A2');
    await answer('researcher-profile', ready('A1'));
    expect(page.profile.value).toMatchObject({ status: 'loading', id: 'A2' });
    await answer('researcher-profile', ready('A2'));
    expect(page.profile.value).toMatchObject({ status: 'ready', id: 'A2' });
  });

  it('all works loaded: Load more shows 25 more, most cited is sorted here without asking', async () => {
    const { page, answer, asked } = setup();
    page.open('A1');
    await answer('researcher-profile', ready('A1'));
    await answer('researcher-works', works('a', 60));
    expect(page.complete.value).toBe(true);
    await page.loadMore();
    expect(page.visible.value).toHaveLength(50);
    page.setOrder('cited');
    expect(page.visible.value.map((w) => w.citedBy).slice(0, 3)).toEqual([59, 58, 57]);
    expect(asked('researcher-works')).toHaveLength(1);
    page.setTopic('T1');
    expect(page.filtered.value).toHaveLength(30);
    expect(page.filtered.value.every((w) => w.topicIds.includes('T1'))).toBe(true);
    page.setTopic('T1');
    expect(page.topic.value).toBeNull();
  });

  it('more works than a page: the next page is asked only when Load more has shown the loaded ones; another order loads its own first page', async () => {
    const { page, answer, asked } = setup();
    page.open('A1');
    await answer('researcher-profile', ready('A1'));
    await answer('researcher-works', works('a', 200, { total: 230 }));
    expect(page.complete.value).toBe(false);
    for (let k = 0; k < 7; k++) await page.loadMore();
    expect(page.visible.value).toHaveLength(200);
    expect(asked('researcher-works')).toHaveLength(1);
    const more = page.loadMore();
    await answer('researcher-works', works('b', 30, { total: 230, page: 2 }));
    await more;
    expect(asked('researcher-works').at(-1)).toMatchObject({ order: 'recent', page: 2 });
    expect(page.visible.value).toHaveLength(225);
    expect(page.complete.value).toBe(true);
    expect(page.canLoadMore.value).toBe(true);
  });

  it('more works than a page: most cited asks for its own first page', async () => {
    const { page, answer, asked } = setup();
    page.open('A1');
    await answer('researcher-profile', ready('A1'));
    await answer('researcher-works', works('a', 200, { total: 230 }));
    page.setOrder('cited');
    expect(asked('researcher-works').at(-1)).toMatchObject({ order: 'cited', page: 1 });
    expect(page.list.value.status).toBe('loading');
    await answer('researcher-works', new RemoteError({ kind: 'budget-exhausted', message: 'spent', retryAt: 9 }));
    expect(page.list.value).toMatchObject({ status: 'error', failure: { kind: 'budget-exhausted' } });
    page.retry();
    expect(asked('researcher-works').at(-1)).toMatchObject({ order: 'cited', page: 1 });
  });
});
