/**
 * Malformed catalog answers (nulls, missing, wrong-typed, extra fields, empty arrays), through
 * the whole background: the page gets "not available" for what is missing or a typed error —
 * never a crash, never NaN — one author's bad record never blocks the others, and nothing
 * malformed is cached.
 */
import { tried } from '../ledger.mjs';
import type { AuthorMetricsResult, PaperAuthorsResult, RelatedPapersResult } from '@/lib/background/protocol';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { edited, ID, startBackground, type Background } from './background';

type Obj = Record<string, unknown>;
const isAuthorList = (u: URL) => u.host === OA_HOST && u.pathname === '/authors';
const isWork = (u: URL) => u.host === OA_HOST && u.pathname.startsWith('/works/doi:');
const authorsOf = (bg: Background) => bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100 });
const metricsOf = (bg: Background) => bg.ask<AuthorMetricsResult>({ type: 'author-metrics', ids: bg.catalog.people.map((p) => p.openalexId!) });

/** Background whose OpenAlex author list has author `i`'s record bent by `edit`. */
function withAuthor(i: number, edit: (a: Obj) => void) {
  return startBackground({
    route: (u, _, fake) => (isAuthorList(u) ? edited(fake, u, (body) => {
      const id = fake.catalog.people[i]!.openalexId!;
      for (const a of body.results as Obj[]) if (String(a.id).endsWith(id)) edit(a);
    }) : undefined),
  });
}

/**
 * Author 1's record is bent: the others keep their numbers (exactly the catalog's), author 1
 * shows what could be read or nothing — and never a number that is not a number.
 */
async function othersUnaffected(bg: Background) {
  const r = await metricsOf(bg);
  expect(r.ok).toBe(true);
  if (!r.ok) return null;
  for (const p of bg.catalog.people) {
    if (p.index === 1) continue;
    expect(r.data.metrics[p.openalexId!]).toMatchObject({ hIndex: p.h, citedBy: p.cited, works: p.works });
  }
  const bent = r.data.metrics[bg.catalog.people[1]!.openalexId!];
  for (const k of ['hIndex', 'citedBy', 'works'] as const) {
    if (bent) expect(bent[k] === null || Number.isFinite(bent[k])).toBe(true);
  }
  return bent ?? null;
}

/** Nothing of a rejected answer was cached: asked again once healthy, the catalog is asked again. */
async function notCached(bg: Background, isAsked: (u: URL) => boolean) {
  await bg.deps.cache.settle();
  bg.reroute();
  const from = bg.requests.length;
  const r = await authorsOf(bg);
  expect(r.ok).toBe(true);
  expect(bg.requests.slice(from).some(isAsked)).toBe(true);
}

describe('malformed answers', () => {
  it('[null-fields] null counts are "not available" for that author only', async () => {
    const bent = await othersUnaffected(withAuthor(1, (a) => Object.assign(a, { summary_stats: null, cited_by_count: null, works_count: null, display_name: null })));
    expect(bent).toMatchObject({ hIndex: null, citedBy: null, works: null });
    tried('null-fields');
  });

  it('[null-fields] a work with null authorships: no author is claimed from it; Semantic Scholar pairs them', async () => {
    const bg = startBackground({ route: (u, _, fake) => (isWork(u) ? edited(fake, u, (w) => void (w.authorships = null)) : undefined) });
    const r = await authorsOf(bg);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.slots.every((s) => s.openalex === null)).toBe(true);
    expect(r.data.slots.map((s) => s.s2?.s2Id)).toEqual(bg.catalog.people.map((p) => p.s2Id));
    tried('null-fields');
  });

  it('[null-fields] a list whose results are null is a typed error, never cached', async () => {
    const bg = startBackground({ route: (u, _, fake) => (isAuthorList(u) ? edited(fake, u, (b) => void (b.results = null)) : undefined) });
    const r = await authorsOf(bg);
    expect(r).toMatchObject({ ok: true, data: { eagerMetrics: { error: { kind: 'invalid-response' } } } });
    await notCached(bg, isAuthorList);
    tried('null-fields');
  });

  it('[missing-fields] an author record without its id: the others keep their numbers', async () => {
    await othersUnaffected(withAuthor(1, (a) => void delete a.id));
    tried('missing-fields');
  });

  it('[missing-fields] a work without its id is rejected: Semantic Scholar pairs the authors; the work is not cached', async () => {
    const bg = startBackground({ route: (u, _, fake) => (isWork(u) ? edited(fake, u, (w) => void delete w.id) : undefined) });
    const r = await authorsOf(bg);
    expect(r).toMatchObject({ ok: true, data: { source: 's2' } });
    if (r.ok) expect(r.data.slots.map((s) => s.s2?.s2Id)).toEqual(bg.catalog.people.map((p) => p.s2Id));
    await notCached(bg, isWork);
    tried('missing-fields');
  });

  it('[wrong-typed-fields] a count sent as a string: the others keep their numbers, no NaN', async () => {
    await othersUnaffected(withAuthor(1, (a) => Object.assign(a, { cited_by_count: '12,345', summary_stats: { h_index: 'high' } })));
    tried('wrong-typed-fields');
  });

  it('[wrong-typed-fields] an object where the authorships array should be is a typed error, never cached', async () => {
    const bg = startBackground({ route: (u, _, fake) => (isWork(u) || u.host === S2_HOST ? edited(fake, u, (w) => Object.assign(w, { authorships: { 0: 'x' }, authors: 'x' })) : undefined) });
    const r = await authorsOf(bg);
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    await notCached(bg, isWork);
    tried('wrong-typed-fields');
  });

  it('[extra-fields] unknown fields everywhere, a real "__proto__" key in every object among them, change nothing', async () => {
    const extra = (o: Obj) => Object.assign(o, { constructor: 'x', weft_unknown: [1, { deep: null }] });
    // JSON.parse makes "__proto__" an own key (no setter runs): the way a catalog answer could carry one.
    const PROTO = '"__proto__":{"admin":true,"hIndex":999,"display_name":"<b>polluted</b>"},';
    const bg = startBackground({
      route: (u, _, fake) => {
        const r = edited(fake, u, (body) => {
          extra(body);
          for (const v of Object.values(body)) if (Array.isArray(v)) v.forEach((x) => x && typeof x === 'object' && extra(x as Obj));
        });
        return r.text().then((text) => new Response(text.replace(/\{(?=")/g, `{${PROTO}`), { status: r.status, headers: r.headers }));
      },
    });
    const r = await authorsOf(bg);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.slots.map((s) => s.openalex?.openalexId)).toEqual(bg.catalog.people.map((p) => p.openalexId));
    const m = r.data.eagerMetrics as AuthorMetricsResult;
    for (const p of bg.catalog.people) expect(m.metrics[p.openalexId!]).toMatchObject({ hIndex: p.h, citedBy: p.cited });
    expect(({} as Obj).admin).toBeUndefined();
    expect(JSON.stringify(r.data)).not.toMatch(/polluted|999/);
    tried('extra-fields');
  });

  it('[empty-arrays] empty authorships, results and recommendations: "nothing known", not an error', async () => {
    const bg = startBackground({
      route: (u, _, fake) => {
        if (isWork(u)) return edited(fake, u, (w) => void (w.authorships = []));
        if (u.host === S2_HOST && u.pathname.startsWith('/graph/v1/paper/')) return edited(fake, u, (p) => void (p.authors = []));
        if (u.host === S2_HOST && u.pathname.startsWith('/recommendations/')) return edited(fake, u, () => ({ recommendedPapers: [] }));
        if (u.host === OA_HOST && u.pathname === '/works') return edited(fake, u, (b) => void (b.results = []));
        return undefined;
      },
    });
    const r = await authorsOf(bg);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.data.slots.every((s) => s.openalex === null && s.s2 === null)).toBe(true); // every badge "no profile"
    const related = await bg.ask<RelatedPapersResult>({ type: 'related-papers', arxivId: ID });
    expect(related.ok).toBe(true);
    if (related.ok) expect(related.data.known === false || related.data.papers.length === 0).toBe(true);
    tried('empty-arrays');
  });
});
