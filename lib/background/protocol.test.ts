import { fakeBrowser } from 'wxt/testing';
import { dispatch, isExtensionPage, isTrustedSender, type Handlers } from './server';
import { parseRequest } from './protocol';

const EXT = 'weft-extension-id';
const arxivTab = { id: EXT, url: 'https://arxiv.org/abs/2406.05546', tab: { id: 1 } } as never;

/** The handlers these tests dispatch to; the other areas' are never reached here. */
function handlers(): Handlers {
  const some: Partial<Handlers> = {
    'paper-authors': vi.fn(async () => ({ source: 'openalex' as const, openalexWorkId: 'W1', slots: [], s2Paired: true, fetchedAt: 1, stale: false, eagerMetrics: null })),
    'author-metrics': vi.fn(async () => ({ metrics: {}, fetchedAt: 1, stale: false })),
  };
  return some as Handlers;
}

describe('message validation', () => {
  it('accepts well-formed requests', () => {
    expect(parseRequest({ type: 'paper-authors', arxivId: '2406.05546', names: ['Cao, Ray'] }).ok).toBe(true);
    expect(parseRequest({ type: 'paper-authors', arxivId: 'hep-th/9901001', names: ['Witten, E'] }).ok).toBe(true);
    expect(parseRequest({ type: 'author-metrics', ids: ['A5023888391'] }).ok).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'fetch', url: 'https://evil.example' }],
    ['a versioned id', { type: 'paper-authors', arxivId: '2406.05546v2', names: ['x'] }],
    ['a URL in place of an id', { type: 'paper-authors', arxivId: 'https://evil.example/x', names: ['x'] }],
    ['an extra url field', { type: 'author-metrics', ids: ['A1'], url: 'https://evil.example' }],
    ['a bad author id', { type: 'author-metrics', ids: ['https://openalex.org/A1'] }],
    ['too many ids', { type: 'author-metrics', ids: Array.from({ length: 501 }, (_, i) => `A${i}`) }],
    ['no names', { type: 'paper-authors', arxivId: '2406.05546', names: [] }],
    ['a non-object', 'paper-authors'],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});

describe('dispatch', () => {
  it('answers a valid request from a content script on arXiv', async () => {
    const h = handlers();
    const res = await dispatch(h, { type: 'author-metrics', ids: ['A1'] }, arxivTab, EXT);
    expect(res).toEqual({ ok: true, data: { metrics: {}, fetchedAt: 1, stale: false } });
    expect(h['author-metrics']).toHaveBeenCalledOnce();
  });

  it('never reaches a handler with an invalid message', async () => {
    const h = handlers();
    const res = await dispatch(h, { type: 'paper-authors', arxivId: 'javascript:alert(1)', names: ['x'] }, arxivTab, EXT);
    expect(res.ok).toBe(false);
    expect(h['paper-authors']).not.toHaveBeenCalled();
  });

  it('rejects other extensions and content scripts on other sites', async () => {
    expect(isTrustedSender({ id: 'other-extension' } as never, EXT)).toBe(false);
    expect(isTrustedSender({ id: EXT, url: 'https://evil.example/abs/1', tab: { id: 2 } } as never, EXT)).toBe(false);
    // Only where the content script runs: not http, not another arxiv.org host.
    expect(isTrustedSender({ id: EXT, url: 'https://arxiv.org/abs/2406.05546', tab: { id: 2 } } as never, EXT)).toBe(true);
    expect(isTrustedSender({ id: EXT, url: 'http://arxiv.org/abs/2406.05546', tab: { id: 2 } } as never, EXT)).toBe(false);
    expect(isTrustedSender({ id: EXT, url: 'https://export.arxiv.org/abs/2406.05546', tab: { id: 2 } } as never, EXT)).toBe(false);
    const own = fakeBrowser.runtime.id;
    expect(isTrustedSender({ id: own, url: fakeBrowser.runtime.getURL('/popup.html') } as never, own)).toBe(true);
    const res = await dispatch(handlers(), { type: 'author-metrics', ids: ['A1'] }, { id: 'x' } as never, EXT);
    expect(res.ok).toBe(false);
  });

  it('recognises Weft’s own pages by their URL, not by having no tab', () => {
    const own = fakeBrowser.runtime.id;
    const page = { id: own, url: fakeBrowser.runtime.getURL('/options.html') };
    expect(isExtensionPage(page as never)).toBe(true);
    expect(isExtensionPage({ ...page, tab: { id: 3 } } as never)).toBe(true); // the options page opened in a tab
    expect(isExtensionPage({ id: own, origin: fakeBrowser.runtime.getURL('/').slice(0, -1) } as never)).toBe(true);
    // No tab is not enough: without Weft's own URL a sender is neither its page nor trusted.
    for (const sender of [{ id: own }, { id: own, url: 'https://evil.example/' }, { id: own, url: 'chrome-extension://another-extension/popup.html' }, { id: own, origin: 'https://arxiv.org' }]) {
      expect(isExtensionPage(sender as never), JSON.stringify(sender)).toBe(false);
      expect(isTrustedSender(sender as never, own), JSON.stringify(sender)).toBe(false);
    }
  });

  it('turns handler failures into typed wire errors', async () => {
    const { CatalogError } = await import('../catalog/types');
    const h = handlers();
    h['author-metrics'] = vi.fn(async () => {
      throw new CatalogError('rate-limited', 'slow down', 123);
    });
    const res = await dispatch(h, { type: 'author-metrics', ids: ['A1'] }, arxivTab, EXT);
    expect(res).toEqual({ ok: false, error: { kind: 'rate-limited', message: 'slow down', retryAt: 123 } });
  });
});

