import type { ResearcherResult, ResearcherWork } from '@/lib/background/protocol';
import { RemoteError } from '@/lib/ui/client';
import { createResearcherViews } from './researcher-state';
import { deferredAsk } from '@/test/fake-ask';
import { work } from './researcher-testing';

const result = (id: string, recentOk = true, works: ResearcherWork[] = []): ResearcherResult => ({
  profile: {
    source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: `Name ${id}`, hIndex: 1, citedBy: 2, works: 3,
    lastKnownInstitutions: [], alternativeNames: [], i10Index: null, meanCitedness2y: null, topics: [], countsByYear: [],
  },
  fetchedAt: 1,
  stale: false,
  recent: recentOk
    ? { status: 'ready', works, fetchedAt: 1, stale: false }
    : { status: 'unavailable', error: { kind: 'budget-exhausted', message: 'spent', retryAt: 9 } },
});

/** The researcher views, their background answering each researcher when the test does. */
function setup() {
  const { ask, answer, mock } = deferredAsk();
  const views = createResearcherViews(ask);
  const settle = (id: string, r: ResearcherResult | Error) => answer('researcher', r, (request) => request.id === id);
  return { views, ask: mock, settle };
}

describe('researcher views', () => {
  it('open a researcher: loading, then the profile', async () => {
    const { views, settle } = setup();
    views.open('A1', 'Ada');
    expect(views.current.value).toEqual({ id: 'A1', name: 'Ada' });
    expect(views.state.value.status).toBe('loading');
    await settle('A1', result('A1'));
    expect(views.state.value).toMatchObject({ status: 'ready', data: { profile: { displayName: 'Name A1' } } });
  });

  it('open a co-author on top; Back returns to the first researcher without asking again, then to the search', async () => {
    const { views, ask, settle } = setup();
    views.open('A1', 'Ada');
    await settle('A1', result('A1'));
    views.open('A2', 'Charles');
    await settle('A2', result('A2'));
    views.back();
    expect(views.current.value?.id).toBe('A1');
    expect(views.state.value).toMatchObject({ status: 'ready', data: { profile: { openalexId: 'A1' } } });
    expect(ask).toHaveBeenCalledTimes(2);
    views.back();
    expect(views.current.value).toBeNull();
  });

  it('never show a late answer for a researcher left behind', async () => {
    const { views, settle } = setup();
    views.open('A1', 'Ada');
    views.open('A2', 'Charles');
    await settle('A2', result('A2'));
    await settle('A1', result('A1'));
    expect(views.state.value).toMatchObject({ status: 'ready', data: { profile: { openalexId: 'A2' } } });
  });

  it('show a failure, and retry loads again', async () => {
    const { views, settle } = setup();
    views.open('A1', 'Ada');
    await settle('A1', new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
    expect(views.state.value).toMatchObject({ status: 'error', failure: { kind: 'network' } });
    views.retry();
    expect(views.state.value.status).toBe('loading');
    await settle('A1', result('A1'));
    expect(views.state.value.status).toBe('ready');
  });

  it('ask again for a researcher whose recent works were unavailable', async () => {
    const { views, ask, settle } = setup();
    views.open('A1', 'Ada');
    await settle('A1', result('A1', false));
    views.open('A2', 'Charles');
    views.back();
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('ignore opening the researcher already shown', () => {
    const { views, ask } = setup();
    views.open('A1', 'Ada');
    views.open('A1', 'Ada');
    expect(views.stack.value).toHaveLength(1);
    expect(ask).toHaveBeenCalledOnce();
  });

  it('sums up the newest works with the researcher page\'s models: positions, and the most frequent co-authors', async () => {
    const { views, settle } = setup();
    views.open('A1', 'Ada');
    const co = Array.from({ length: 10 }, (_, k): [string, string] => [`A${k + 10}`, `Co ${k}`]);
    await settle('A1', result('A1', true, [
      work('W1', 'first', [co[0]!, co[1]!]), work('W2', 'last', [co[1]!, ['A1', 'Themself']]), work('W3', 'first'), work('W4', null, co),
    ]));
    const state = views.state.value;
    expect(state.status === 'ready' && state.recent?.positions).toEqual({ first: 1, middle: 0, last: 1, single: 1, unknown: 1, known: 3 });
    expect(state.status === 'ready' && state.recent?.coAuthors.map((c) => [c.id, c.sharedWorks])).toEqual([
      ['A11', 3], ['A10', 2], ['A12', 1], ['A13', 1], ['A14', 1], ['A15', 1], ['A16', 1], ['A17', 1],
    ]);
  });

  it('has no summary when the works were unavailable', async () => {
    const { views, settle } = setup();
    views.open('A1', 'Ada');
    await settle('A1', result('A1', false));
    expect(views.state.value).toMatchObject({ status: 'ready', recent: null });
  });
});
