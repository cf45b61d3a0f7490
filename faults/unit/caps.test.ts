/**
 * Inputs past the caps (lib/shared/limits.ts), as a page's content script meets them: a paper
 * of 10,000 authors, a 301-character name, a listing entry of 201 names, a 5,000-entry listing.
 * The content script's own state (lib/ui) asks the whole background; what it sends is cut to
 * the caps first, so no request is refused whole: every author within the caps gets their
 * badge, the ones past them say "not loaded", and the rest of the batch is unaffected.
 */
import type { PagePaper } from '@/lib/arxiv/page-model';
import { createAuthorProfiles, type AuthorEntry } from '@/lib/ui/author-profiles';
import { createListingProfiles } from '@/lib/ui/listing-profiles';
import { RemoteError } from '@/lib/ui/client';
import { MAX_ENTRY_AUTHORS, MAX_NAME_CHARS, MAX_PAGE_AUTHORS } from '@/lib/shared/limits';
import { tried } from '../ledger.mjs';
import { ID, startBackground, type Background } from './background';

/** The content script's `ask`, through the whole background; every refusal is recorded. */
function asking(bg: Background) {
  const refused: string[] = [];
  const ask = (async (request: { type: string }) => {
    const r = await bg.ask(request);
    if (r.ok) return r.data;
    if (r.error.kind === 'bad-request') refused.push(`${request.type}: ${r.error.message}`);
    throw new RemoteError(r.error);
  }) as never;
  return { ask, refused };
}

const LONG = `${'Q'.repeat(MAX_NAME_CHARS - 10)}uintessentially`; // 301+ characters, no spaces
const states = (entries: readonly AuthorEntry[]) => entries.map((e) => e.state.value);

describe('inputs past the caps', () => {
  it('[inputs-over-caps] an abs page of 10,000 authors, one named with 305 characters: the first 6,000 load as usual, the rest say "not loaded"; nothing is refused', async () => {
    const bg = startBackground({ n: 10_000 });
    const { ask, refused } = asking(bg);
    expect(LONG.length).toBeGreaterThan(MAX_NAME_CHARS);
    const authors = bg.names.map((citationName, index) => ({ index, name: index === 1 ? LONG : citationName, citationName: index === 1 ? LONG : citationName, hidden: index >= 100 }));
    const profiles = createAuthorProfiles({ arxivId: ID }, authors, ask);
    await profiles.start();
    await profiles.load([5_999, 6_000, 9_999]);
    const s = states(profiles.entries);
    expect(refused).toEqual([]);
    expect(s.slice(0, 100).filter((x) => x.kind === 'error' || x.kind === 'loading')).toEqual([]);
    expect(s.slice(0, 100).filter((x) => x.kind === 'ready').length).toBeGreaterThanOrEqual(99);
    expect(s[5_999]!.kind).toBe('ready');
    expect(s.slice(MAX_PAGE_AUTHORS).every((x) => x.kind === 'idle' && /not loaded/.test(x.reason ?? ''))).toBe(true);
    tried('inputs-over-caps');
  }, 60_000);

  it('[inputs-over-caps] a 5,000-entry listing with an entry of 201 names and a 305-character name: one batch, nothing refused, the 201st name "not loaded", the other entries unaffected', async () => {
    const bg = startBackground({ n: 6 });
    const { ask, refused } = asking(bg);
    const el = {} as HTMLElement;
    const entry = (k: number, names: string[]): PagePaper => ({
      arxivId: k === 0 ? ID : `2406.${String(20_000 + k).padStart(5, '0')}`, version: null, title: '', primaryCategory: 'cs.DC',
      authors: names.map((name, index) => ({ index, name, citationName: name, anchor: null, hidden: false })),
      element: el, authorsElement: null, hiddenAuthors: null, locateThrough: () => undefined,
    } as unknown as PagePaper);
    const papers = Array.from({ length: 5_000 }, (_, k) => entry(k, k === 0 ? bg.names : [`Person${k}, A`]));
    papers[3] = entry(3, Array.from({ length: MAX_ENTRY_AUTHORS + 1 }, (_, i) => `Many${i}, Person`));
    papers[4] = entry(4, ['Short, Name', LONG]);
    const listing = createListingProfiles(papers, ask, { onlyFollowed: false, gatherMs: 5 });
    for (let k = 0; k < 600; k++) listing.near(k);
    await Promise.all(Array.from({ length: 600 }, (_, k) => listing.answered(k)));
    expect(refused).toEqual([]);
    const failed = Array.from({ length: 600 }, (_, k) => k).filter((k) => listing.entriesOf(k).some((e) => e.state.value.kind === 'error' || e.state.value.kind === 'loading'));
    expect(failed).toEqual([]);
    expect(states(listing.entriesOf(0)).every((x) => x.kind === 'ready')).toBe(true);
    const many = states(listing.entriesOf(3));
    expect(many[MAX_ENTRY_AUTHORS]).toMatchObject({ kind: 'idle', reason: expect.stringMatching(/not loaded/) });
    expect(many.slice(0, MAX_ENTRY_AUTHORS).every((x) => x.kind === 'ready' || x.kind === 'unmatched')).toBe(true);
    tried('inputs-over-caps');
  }, 60_000);
});
