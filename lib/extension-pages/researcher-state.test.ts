import type { ResearcherResult } from '@/lib/background/protocol';
import { RemoteError } from '@/lib/ui/client';
import { createResearcherViews } from './researcher-state';
import { deferredAsk } from '@/test/fake-ask';

const result = (id: string, recentOk = true): ResearcherResult => ({
  profile: {
    source: 'openalex', openalexId: id, s2Id: null, orcid: null, displayName: `Name ${id}`, hIndex: 1, citedBy: 2, works: 3,
    lastKnownInstitutions: [], topics: [], countsByYear: [],
  },
  fetchedAt: 1,
  stale: false,
  recent: recentOk
    ? { status: 'ready', works: [], positions: { first: 0, middle: 0, last: 0, unplaced: 0, works: 0 }, coAuthors: [], fetchedAt: 1, stale: false }
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
});
