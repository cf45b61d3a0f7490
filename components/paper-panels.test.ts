import { RemoteError } from '@/lib/ui/client';
import { fakeAsk } from '@/test/fake-ask';
import { MAX_TITLE_CHARS } from '@/lib/shared/limits';
import { createPaperPanelState, panelRequest, PANELS } from './paper-panels';

const offline = () => new RemoteError({ kind: 'network', message: 'Failed to fetch', retryAt: null });
const page = { arxivId: '2406.05546', title: 'Training Through Failure' };

describe('paper panel state', () => {
  it('loads each panel with its own request; one failing leaves the others', async () => {
    const { ask, asked } = fakeAsk({
      'paper-citations': () => ({
        known: true, source: 's2', citedBy: 3, counts: { s2: { value: 3, fetchedAt: 1 } }, openalexId: null, s2Id: 'p1',
        published: null, s2Failure: null, fetchedAt: 1, stale: false,
      }),
      'paper-institutions': () => {
        throw offline();
      },
      'related-papers': () => ({ known: true, source: 's2', pool: 'recent', papers: [], s2Failure: null, fetchedAt: 1, stale: false }),
    });
    const s = createPaperPanelState(page, ask);
    await Promise.all([s.paper.start(), s.institutions.start(), s.related.start()]);
    expect(asked).toEqual([
      { type: 'paper-citations', arxivId: '2406.05546' },
      { type: 'paper-institutions', arxivId: '2406.05546' },
      { type: 'related-papers', arxivId: '2406.05546', title: 'Training Through Failure' },
    ]);
    expect([s.paper.state.value.kind, s.institutions.state.value.kind, s.related.state.value.kind]).toEqual(['ready', 'error', 'empty']);
  });
});

describe('paper panel registry', () => {
  it("bounds the page's title in the related papers' request, and leaves out an empty one", () => {
    const long = panelRequest(PANELS.related, { ...page, title: 'x'.repeat(MAX_TITLE_CHARS + 10) });
    expect(long.title).toHaveLength(MAX_TITLE_CHARS);
    expect(panelRequest(PANELS.related, { ...page, title: '' })).toEqual({ type: 'related-papers', arxivId: page.arxivId });
  });
});
