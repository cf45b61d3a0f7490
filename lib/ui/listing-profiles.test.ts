import type { PagePaper } from '../arxiv/page-model';
import type { PaperAnswer } from '../background/identity/paper-batches';
import type { PaperAuthorsResult, RequestOf, WeftRequest } from '../background/protocol';
import type { AuthorMetrics } from '../catalog/types';
import { RemoteError } from './client';
import { createListingProfiles, PASSED_ENTRIES, RESOLVE_AHEAD } from './listing-profiles';
import { FILL_AHEAD } from '../shared/limits';
import { fakeAsk } from '@/test/fake-ask';

const id = (k: number) => `2606.${String(10000 + k)}`;
const index = (a: string) => Number(a.slice(5)) - 10000;
function pages(n: number, authors = 2): PagePaper[] {
  return Array.from({ length: n }, (_, k) => ({
    arxivId: id(k),
    version: null,
    title: '',
    primaryCategory: 'cs.LG',
    authors: Array.from({ length: authors }, (_, i) => ({ index: i, name: `Author ${k}-${i}`, citationName: `Author ${k}-${i}`, anchor: null, hidden: false })),
    element: {} as HTMLElement,
    authorsElement: null,
    hiddenAuthors: null,
    locateThrough: () => undefined,
  }));
}
const metrics = (oa: string): AuthorMetrics => ({
  source: 'openalex', openalexId: oa, s2Id: null, orcid: null, displayName: oa, hIndex: 9, citedBy: 90, works: 19, lastKnownInstitutions: [],
});

/** The background's answer for one paper: its first author's profile, no profile for the second. */
const answerOf = (arxivId: string): PaperAnswer => ({
  arxivId, source: 'openalex', fetchedAt: 1, stale: false, published: null,
  slots: [{ state: 'ready', match: 'record', metrics: metrics('A1'), institutions: [], s2Id: null }, { state: 'unmatched' }],
});

type Sent = RequestOf<'papers-authors'>;

/** `unindexed`: the entries OpenAlex lacks (the background says so of those resolved ahead). */
function setup(n: number, answer?: (req: Sent) => PaperAnswer[] | Promise<never>, unindexed: (k: number) => boolean = () => false, authors = 2) {
  const sent: Sent[] = [];
  /** The entries reported as scrolled past, per report. */
  const passed: number[][] = [];
  const { ask, mock } = fakeAsk({
    'papers-passed': ({ ids }) => {
      passed.push(ids.map(index));
      return null;
    },
    'papers-authors': async (req) => {
      sent.push(req);
      return {
        papers: answer ? await answer(req) : req.papers.map((p) => answerOf(p.arxivId)),
        unindexed: req.ahead.filter((a) => unindexed(index(a))),
      };
    },
  });
  const profiles = createListingProfiles(pages(n, authors), ask, { onlyFollowed: false, gatherMs: 0 });
  return { profiles, sent, passed, ask: mock, index, flush: () => new Promise((r) => setTimeout(r, 0)) };
}

describe('listing profiles: what is asked when', () => {
  it('asks for the entries coming near, resolving with them the entries after them up to a whole call of 100', async () => {
    const { profiles, sent, index } = setup(2000);
    [0, 1, 2].forEach((k) => profiles.near(k));
    await Promise.resolve();
    // one entry each: near() asks at once in tests (no gathering)
    const papers = sent.flatMap((s) => s.papers.map((p) => index(p.arxivId)));
    const ahead = new Set(sent.flatMap((s) => s.ahead.map(index)));
    expect(papers).toEqual([0, 1, 2]);
    expect(sent[0]!.papers[0]).toEqual({ arxivId: id(0), names: ['Author 0-0', 'Author 0-1'], category: 'cs.LG' });
    expect(sent[0]!.ahead).toHaveLength(99);
    expect(Math.max(...ahead)).toBe(99);
  });

  it('introduces the entries below with their authors in blocks, not a few per scroll step', async () => {
    const { profiles, sent, index } = setup(2000);
    profiles.near(0);
    expect(sent[0]!.upcoming.map((p) => index(p.arxivId))).toEqual(Array.from({ length: FILL_AHEAD }, (_, j) => 1 + j));
    expect(sent[0]!.upcoming[0]).toEqual({ arxivId: id(1), names: ['Author 1-0', 'Author 1-1'], category: 'cs.LG' });
    profiles.near(FILL_AHEAD / 4 - 1); // most of the next entries are known already: nothing new to introduce
    expect(sent[1]!.upcoming).toEqual([]);
    profiles.near(FILL_AHEAD / 4 + 1); // a quarter of them are new: the next block
    expect(sent[2]!.upcoming.map((p) => index(p.arxivId))).toEqual(Array.from({ length: FILL_AHEAD }, (_, j) => FILL_AHEAD + 1 + j));
  });

  it('introduces only the entries just below the reader, however much it knows of those further down: a second reading asks for nothing the first did not', async () => {
    const sparse = (k: number) => k % 20 === 13; // OpenAlex lacks one entry in 20
    const { profiles, sent, flush } = setup(2000, undefined, sparse);
    profiles.near(0);
    await flush();
    profiles.near(40); // resolves 100-299 too
    await flush();
    profiles.near(61);
    expect(sent[1]!.upcoming.map((p) => index(p.arxivId))).toEqual(Array.from({ length: FILL_AHEAD }, (_, j) => 41 + j));
    expect(sent[2]!.upcoming.map((p) => index(p.arxivId))).toEqual(Array.from({ length: FILL_AHEAD }, (_, j) => 81 + j));
  });

  it('uses what is resolved while it lasts, then resolves a larger block, and never names an entry the reader did not approach', async () => {
    const { profiles, sent, index } = setup(2000);
    profiles.near(0);
    profiles.near(9); // well inside the first block: only its next entries, to fill author calls
    expect(sent[1]!.ahead.map(index)).toEqual(Array.from({ length: FILL_AHEAD }, (_, j) => 10 + j));
    profiles.near(100 - RESOLVE_AHEAD); // the resolved part runs short: the next block, twice as large
    const block = sent[2]!.ahead.map(index).filter((k) => k >= 100);
    expect(block).toEqual(Array.from({ length: 200 }, (_, j) => 100 + j));
    const named = new Set(sent.flatMap((s) => [...s.papers.map((p) => index(p.arxivId)), ...s.ahead.map(index)]));
    expect(Math.max(...named)).toBe(299);
  });

  it('tells the background once which entries still loading the reader left far behind', async () => {
    const { profiles, passed, flush } = setup(2000, () => new Promise<never>(() => {}));
    for (const k of [0, 1, 2]) profiles.near(k);
    profiles.near(10);
    expect(passed).toEqual([]); // still close by
    profiles.near(PASSED_ENTRIES + 2);
    expect(passed).toEqual([[0, 1]]);
    profiles.near(PASSED_ENTRIES + 12);
    expect(passed).toEqual([[0, 1], [2, 10]]);
    await flush();
  });

  it('after a jump resolves the spot in whole calls, and asks for each entry once', async () => {
    const { profiles, sent, index } = setup(2000);
    profiles.near(0);
    for (const k of [1500, 1501, 1502, 1500]) profiles.near(k);
    const spot = sent.slice(1);
    expect(spot.flatMap((s) => s.papers.map((p) => index(p.arxivId)))).toEqual([1500, 1501, 1502]);
    const unresolved = spot[0]!.ahead.map(index).filter((k) => k > 1500);
    expect(unresolved.length + 1).toBe(200); // the jump and its block fill two DOI calls
  });
});

describe('listing profiles: the first screen', () => {
  it('asks for the entries in view when the page opened as its first screen, and for those of later screens as in view', async () => {
    const { profiles, sent, flush, index } = setup(10);
    profiles.near(0, true);
    profiles.near(1, false);
    await flush();
    profiles.near(2, true);
    await flush();
    expect(sent.map((s) => [s.papers.map((p) => index(p.arxivId)), s.inView, s.firstScreen])).toEqual([[[0], true, true], [[1], false, false], [[2], true, false]]);
  });
});

describe('listing profiles: the reader reaching entries asked for as the next screen', () => {
  it('asks again as in view for an entry still loading when it comes into view, once, and shows whichever answer comes first', async () => {
    const { profiles, sent, flush, index } = setup(10, (req) => (req.inView ? req.papers.map((p) => answerOf(p.arxivId)) : new Promise<never>(() => {})));
    profiles.near(0, true);
    profiles.near(1, false);
    expect(sent.map((s) => [s.papers.map((p) => index(p.arxivId)), s.inView])).toEqual([[[0], true], [[1], false]]);
    await flush();
    expect(profiles.entriesOf(1)[0]!.state.value.kind).toBe('loading');
    profiles.seen(1);
    profiles.seen(1);
    profiles.seen(0); // answered already: nothing to raise
    await profiles.answered(1);
    expect(sent.slice(2).map((s) => [s.papers.map((p) => index(p.arxivId)), s.inView, s.ahead, s.upcoming])).toEqual([[[1], true, [], []]]);
    expect(profiles.entriesOf(1)[0]!.state.value).toMatchObject({ kind: 'ready', match: 'record' });
  });
});

describe('listing profiles: badge states', () => {
  it('shows each slot as the background answers it, with how the person was identified', async () => {
    const { profiles, flush } = setup(3);
    profiles.near(0);
    const [a, b] = profiles.entriesOf(0);
    expect(a!.state.value.kind).toBe('loading');
    await flush();
    expect(a!.state.value).toMatchObject({ kind: 'ready', match: 'record', metrics: { openalexId: 'A1' } });
    expect(b!.state.value.kind).toBe('unmatched');
    await profiles.answered(0);
    expect(profiles.progress.value).toEqual({ total: 3, settled: 1, loading: 0 });
  });

  it('holds the version of record each entry\'s answer names: nothing before its answer, null when it names none or failed', async () => {
    const nature = { venue: 'Nature', doi: '10.1038/x', year: 2015, source: 'openalex' as const };
    const { profiles, flush } = setup(3, (req) => req.papers.map((p) => (p.arxivId === id(2) ? { arxivId: p.arxivId, error: { kind: 'http', message: 'HTTP 500', retryAt: null } } : { ...answerOf(p.arxivId), published: p.arxivId === id(0) ? nature : null })));
    expect(profiles.published(0).value).toBeUndefined();
    [0, 1, 2].forEach((k) => profiles.near(k));
    await flush();
    expect([0, 1, 2].map((k) => profiles.published(k).value)).toEqual([nature, null, null]);
  });

  it("says a paper OpenAlex lacks is being identified while its badges wait, not just loading", async () => {
    const { profiles, flush } = setup(100, (req) => (req.papers.some((p) => p.arxivId === id(5)) ? new Promise<never>(() => {}) : req.papers.map((p) => answerOf(p.arxivId))), (k) => k === 5);
    profiles.near(0);
    const [early] = profiles.entriesOf(5); // made before the background said anything of it
    await flush();
    expect(early!.state.value).toEqual({ kind: 'loading', identifying: true });
    profiles.near(5);
    expect(profiles.entriesOf(5).map((e) => e.state.value)).toEqual([{ kind: 'loading', identifying: true }, { kind: 'loading', identifying: true }]);
    expect(profiles.entriesOf(6)[0]!.state.value).toEqual({ kind: 'loading' });
  });

  it('shows an entry with a record at once while a new paper asked with it is identified, then asks for that one alone', async () => {
    // The background answers a new paper asked with others `identifying`, and waits when it is asked alone.
    const sent: Sent[] = [];
    const { ask } = fakeAsk({
      'papers-authors': (req) => {
        sent.push(req);
        const papers = req.papers.map((p): PaperAnswer => (p.arxivId === id(1) && req.papers.length > 1 ? { arxivId: p.arxivId, identifying: true } : answerOf(p.arxivId)));
        return { papers, unindexed: [] };
      },
    });
    const profiles = createListingProfiles(pages(100), ask, { onlyFollowed: false, gatherMs: 1 });
    profiles.near(0);
    profiles.near(1);
    await profiles.answered(0);
    expect(sent[0]!.papers.map((p) => p.arxivId)).toEqual([id(0), id(1)]);
    expect(profiles.entriesOf(0)[0]!.state.value).toMatchObject({ kind: 'ready' });
    expect(profiles.entriesOf(1)[0]!.state.value).toEqual({ kind: 'loading', identifying: true });
    await profiles.answered(1);
    expect(sent[1]).toMatchObject({ papers: [{ arxivId: id(1) }], inView: true });
    expect(profiles.entriesOf(1)[0]!.state.value).toMatchObject({ kind: 'ready', match: 'record' });
    expect(profiles.progress.value).toMatchObject({ settled: 2, loading: 0 });
  });

  it('numbers badges across the page, so the card layer can address any of them', () => {
    const { profiles } = setup(3);
    profiles.entriesOf(2);
    profiles.entriesOf(0);
    expect(profiles.all.map((e) => e.name)).toEqual(['Author 2-0', 'Author 2-1', 'Author 0-0', 'Author 0-1']);
    expect(profiles.entriesOf(0)[1]!.index).toBe(3);
  });

  it('marks a paper the catalogs could not answer, and a lost background, as errors; retry asks again', async () => {
    let fail = true;
    const { profiles, sent, flush } = setup(3, (req) => {
      if (fail) return Promise.reject(new RemoteError({ kind: 'network', message: 'offline', retryAt: null }));
      return req.papers.map((p) => ({ arxivId: p.arxivId, error: { kind: 'http', message: 'OpenAlex 500', retryAt: null, status: 500 } }));
    });
    profiles.near(0);
    await flush();
    expect(profiles.entriesOf(0)[0]!.state.value).toMatchObject({ kind: 'error', failure: { kind: 'network' } });
    fail = false;
    await profiles.retry();
    await flush();
    expect(sent).toHaveLength(2);
    expect(profiles.entriesOf(0)[1]!.state.value).toMatchObject({ kind: 'error', failure: { kind: 'http', status: 500 } });
    expect(profiles.progress.value.settled).toBe(1);
  });
});

describe('listing profiles: the card\'s Refresh and "Not this person?"', () => {
  /**
   * A background whose listing answers follow `chosen` (the reader's corrections, by
   * paper#author), and a page whose entries `near` have come near and been answered.
   */
  async function world(...near: number[]) {
    const chosen = new Map<string, string | null>();
    const { ask, asked } = fakeAsk({
      'author-correct': ({ arxivId, index, openalexId }) => {
        chosen.set(`${arxivId}#${index}`, openalexId);
        return { identity: { match: openalexId ? 'reader' : null, openalexId, s2Id: null, evidence: [], candidates: [], note: openalexId ? null : { kind: 'reader-none' as const } }, metrics: openalexId ? metrics(openalexId) : null };
      },
      'author-uncorrect': ({ arxivId, index }) => {
        chosen.delete(`${arxivId}#${index}`);
        return { removed: true };
      },
      'author-candidates': () => ({ candidates: [] }),
      // Refresh's request for the paper anew; its answer lands in the cache listings read.
      'paper-authors': () => unplaced,
      'papers-authors': (req) => {
        const papers = req.papers.map((p): PaperAnswer => {
          const base = answerOf(p.arxivId);
          if (!('slots' in base)) return base;
          const slots = base.slots.map((slot, i) => {
            const who = chosen.get(`${p.arxivId}#${i}`);
            return who ? { state: 'ready' as const, match: 'reader' as const, metrics: metrics(who), institutions: [], s2Id: null } : slot;
          });
          return { ...base, slots };
        });
        return { papers, unindexed: [] };
      },
    });
    const profiles = createListingProfiles(pages(3), ask, { onlyFollowed: false, gatherMs: 0 });
    near.forEach((k) => profiles.near(k));
    await new Promise((r) => setTimeout(r, 0));
    return { profiles, asked, chosen };
  }
  const listingAsks = (asked: WeftRequest[]) => asked.flatMap((r) => (r.type === 'papers-authors' ? [r.papers.map((p) => index(p.arxivId))] : []));
  const unplaced: PaperAuthorsResult = { source: 'openalex', openalexWorkId: null, slots: [], s2Paired: false, fetchedAt: 1, stale: false, eagerMetrics: null };

  it('a choice shows at once, and is kept for that author\'s place in the paper\'s list', async () => {
    const { profiles, asked } = await world(1);
    const badge = profiles.entriesOf(1)[1]!;
    await profiles.correct(badge.index, 'A9', true);
    expect(asked.find((r) => r.type === 'author-correct')).toEqual({ type: 'author-correct', arxivId: id(1), index: 1, names: ['Author 1-0', 'Author 1-1'], openalexId: 'A9', everywhere: true });
    expect(badge.state.value).toMatchObject({ kind: 'ready', match: 'reader', metrics: { openalexId: 'A9' }, paperInstitutions: [] });
    await profiles.correct(profiles.entriesOf(1)[0]!.index, null, false);
    expect(profiles.entriesOf(1)[0]!.state.value).toMatchObject({ kind: 'unmatched', identity: { note: { kind: 'reader-none' } } });
  });

  it('a correction made elsewhere: the answered entries are asked for again, and only the badges it changes are set', async () => {
    const { profiles, asked, chosen } = await world(0, 1);
    const before = [0, 1].flatMap((k) => profiles.entriesOf(k).map((e) => e.state.value));
    chosen.set(`${id(1)}#0`, 'A9');
    await profiles.reload();
    // Entry 2 was never near: it is not asked for.
    expect(listingAsks(asked).at(-1)).toEqual([0, 1]);
    const after = [0, 1].flatMap((k) => profiles.entriesOf(k).map((e) => e.state.value));
    expect(after.map((s, j) => s === before[j])).toEqual([true, true, false, true]);
    expect(after[2]).toMatchObject({ kind: 'ready', match: 'reader', metrics: { openalexId: 'A9' } });
  });

  it('Undo takes the correction back and shows the entry as the background now answers it', async () => {
    const { profiles, asked } = await world(1);
    const badge = profiles.entriesOf(1)[0]!;
    await profiles.correct(badge.index, 'A9', false);
    await profiles.uncorrect(badge.index);
    expect(asked.find((r) => r.type === 'author-uncorrect')).toEqual({ type: 'author-uncorrect', arxivId: id(1), index: 0, undo: true });
    expect(badge.state.value).toMatchObject({ kind: 'ready', match: 'record', metrics: { openalexId: 'A1' } });
  });

  it('Refresh asks the catalogs again for the paper and its authors, then shows the entry anew', async () => {
    const { profiles, asked } = await world(2);
    await profiles.refresh([profiles.entriesOf(2)[1]!.index]);
    expect(asked.filter((r) => r.type === 'paper-authors')).toEqual([{ type: 'paper-authors', arxivId: id(2), names: ['Author 2-0', 'Author 2-1'], eager: 2, revalidate: true }]);
    expect(listingAsks(asked).at(-1)).toEqual([2]);
  });
});
