import { parseRequest } from '../protocol';

describe('researcher messages', () => {
  it.each([
    { type: 'researcher', id: 'A5023888391' },
    { type: 'researcher-profile', id: 'A5023888391' },
    { type: 'researcher-profile', id: 'A5023888391', revalidate: true },
    { type: 'researcher-works', id: 'A5023888391', order: 'recent', page: 1 },
    { type: 'researcher-works', id: 'A5023888391', order: 'cited', page: 50 },
    { type: 'researcher-s2', id: 'A5023888391' },
    { type: 'researcher-s2', id: 'A5023888391', s2Id: '1741101' },
    { type: 'open-researcher-page', id: 'A5023888391', s2Id: '1741101', background: true },
  ])('accepts %j', (message) => {
    expect(parseRequest(message).ok).toBe(true);
  });

  it.each([
    ['an author URL in place of an id', { type: 'researcher-profile', id: 'https://openalex.org/A5023888391' }],
    ['an order OpenAlex is not asked for', { type: 'researcher-works', id: 'A1', order: 'title', page: 1 }],
    ['page 0', { type: 'researcher-works', id: 'A1', order: 'recent', page: 0 }],
    ['a page past the first 10,000 works', { type: 'researcher-works', id: 'A1', order: 'recent', page: 51 }],
    ['a fractional page', { type: 'researcher-works', id: 'A1', order: 'recent', page: 1.5 }],
    ['an S2 id that is not a number', { type: 'researcher-s2', id: 'A1', s2Id: '../paper/x' }],
    ['a URL to open', { type: 'open-researcher-page', id: 'A1', url: 'https://evil.example' }],
    ['an author URL as a researcher', { type: 'researcher', id: 'https://openalex.org/A5023888391' }],
    ['a work id as a researcher', { type: 'researcher', id: 'W2741809807' }],
    ['an unknown key', { type: 'researcher', id: 'A1', limit: 500 }],
  ])('rejects %s', (_, message) => {
    expect(parseRequest(message).ok).toBe(false);
  });
});

describe('opening researcher pages', () => {
  it('opens at most one tab a second for any one arXiv tab, whatever it asks', async () => {
    const { fakeBrowser } = await import('wxt/testing');
    const { researcherService } = await import('./researcher');
    const created = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    let t = 1_000_000;
    const service = researcherService({} as never, () => t);
    const from = (id: number) => ({ tab: { id, index: 0 } }) as never;
    const open = (sender: never) => service['open-researcher-page']({ type: 'open-researcher-page', id: 'A5023888391' }, sender).then(() => true, () => false);
    const burst = await Promise.all(Array.from({ length: 20 }, () => open(from(7))));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await open(from(8))).toBe(true); // another tab has its own
    t += 1_000;
    expect(await open(from(7))).toBe(true);
    t -= 3_600_000; // a clock set back is no reason to refuse
    expect(await open(from(7))).toBe(true);
    expect(created).toHaveBeenCalledTimes(4);
  });
});
