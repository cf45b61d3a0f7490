import { UNPACED } from '../../catalog/test-helpers';
import { IDBFactory } from 'fake-indexeddb';
import { createCache } from '../../cache/cache';
import { createCatalog } from '../../catalog/catalog';
import { createPaperAuthors } from '../paper-authors';
import { createHttp, type Http } from '../../catalog/http';
import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import type { Identity } from '../../../catalog/identity';
import { createOpenAlex } from '../../catalog/openalex';
import { createSemanticScholar } from '../../catalog/semantic-scholar';
import { createFreshIdentifier, LISTING_CREDITS, type FreshPaper } from './identifier';
import { NOT_INDEXED_TTL } from '../../catalog/not-indexed';

// A small catalog world of papers announced today: OpenAlex and Semantic Scholar know neither
// the papers nor their authorships, only the authors' earlier works and their namesakes.
//   linked     true profile sharing an earlier work with another linked author of the paper
//   unique     true profile, namesakes only in other fields, no shared work
//   ambiguous  true profile plus a namesake in the same field, no shared work
//   newcomer   no profile; a namesake in another field

type Role = 'linked' | 'unique' | 'ambiguous' | 'newcomer';
const OA = 'https://openalex.org/';
const CS = 17;
const CHEMISTRY = 16;

interface Person { id: string; name: string; field: number; h: number; cited: number; works: number }
interface Work { id: string; authors: string[]; cited: number }
interface Truth { name: string; role: Role; trueId: string | null }

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ray', 'Sherry', 'Steve', 'Ana', 'Bo', 'Chen', 'Dana', 'Emil', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jia', 'Kofi', 'Lena', 'Mateo', 'Nia', 'Omar', 'Priya', 'Quinn'];
const LAST = ['Cao', 'Luo', 'Gan', 'Silva', 'Li', 'Wang', 'Okafor', 'Berg', 'Haddad', 'Petrov', 'Sato', 'Novak', 'Zhou', 'Mensah', 'Fischer', 'Rossi', 'Adeyemi', 'Khan', 'Iyer', 'Moreau',
  'Dubois', 'Kowalski', 'Nakamura', 'Ortiz', 'Papadopoulos', 'Quispe', 'Rahman', 'Svensson', 'Tanaka', 'Usman'];

function buildWorld(seed: number, sizes: number[]) {
  const rand = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const people = new Map<string, Person>();
  const works: Work[] = [];
  let nextId = 1;
  let nextName = 0;
  const person = (name: string, field: number, big = false): Person => {
    const h = big ? int(30, 60) : int(2, 25);
    const p = { id: `A5${String(nextId++).padStart(9, '0')}`, name, field, h, cited: h * h + int(5, 900), works: h + int(5, 120) };
    people.set(p.id, p);
    return p;
  };
  const external = (field: number) => person(`Ext${nextId} Person${nextId}`, field);
  const write = (authors: Person[]) => works.push({ id: `W4${String(works.length + 1).padStart(9, '0')}`, authors: authors.map((p) => p.id), cited: int(0, 300) });
  const papers = sizes.map((n, k) => {
    // Up to 600 different names, none inside another (autocomplete matches substrings).
    const names = Array.from({ length: n }, () => {
      const i = nextName++;
      return `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    });
    const roles: Role[] = names.map(() => 'linked');
    if (n >= 4) roles[1] = 'newcomer';
    if (n >= 5) roles[3] = 'ambiguous';
    if (n >= 6) roles[n - 1] = 'unique';
    if (roles.filter((r) => r === 'linked').length === 1) roles[roles.indexOf('linked')] = 'unique';
    const truth: Truth[] = names.map((name, i) => {
      const role = roles[i]!;
      const mine = role === 'newcomer' ? null : person(name, CS);
      if (mine) for (let w = int(2, 4); w > 0; w--) write([mine, external(CS), external(CS)]);
      // Namesakes, the first one always more cited than the true profile.
      const namesakes = role === 'ambiguous' ? [CS, CHEMISTRY] : role === 'newcomer' ? [CHEMISTRY] : rand() < 0.5 ? [CHEMISTRY] : [];
      namesakes.forEach((f, j) => {
        const ns = person(name, f, j === 0);
        for (let w = int(1, 3); w > 0; w--) write([ns, external(f)]);
      });
      return { name, role, trueId: mine?.id ?? null };
    });
    // Linked authors in groups of 2-3 (a lone leftover joins the last group), one work each.
    const linked = truth.filter((t) => t.role === 'linked').map((t) => people.get(t.trueId!)!);
    const shuffled = linked.map((p) => [rand(), p] as const).sort((x, y) => x[0] - y[0]).map(([, p]) => p);
    const groups: Person[][] = [];
    for (let i = 0; i < shuffled.length; ) {
      const size = int(2, 3);
      groups.push(shuffled.slice(i, i + size));
      i += size;
    }
    if (groups.length > 1 && groups.at(-1)!.length === 1) groups.at(-2)!.push(...groups.pop()!);
    for (const g of groups) write([...g, external(CS)]);
    return { arxivId: `2606.${String(20000 + k).padStart(5, '0')}`, truth };
  });
  return { people, works, papers };
}

type World = ReturnType<typeof buildWorld>;

/** OpenAlex and Semantic Scholar as the fresh-paper code sees them (docs/catalog-apis.md). */
function fakeFetch(world: World) {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const authorObject = (p: Person) => ({
    id: OA + p.id, display_name: p.name, display_name_alternatives: [p.name], orcid: null, works_count: p.works, cited_by_count: p.cited,
    summary_stats: { h_index: p.h }, last_known_institutions: [], affiliations: [],
    topics: [{ count: 5, field: { id: `${OA}fields/${p.field}`, display_name: p.field === CS ? 'Computer Science' : 'Chemistry' } }],
  });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const html404 = () => new Response('<!doctype html><title>404 Not Found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
  const list = (results: unknown[], perPage: number) => json({ meta: { count: results.length, per_page: perPage }, results: results.slice(0, perPage), group_by: [] });
  const byCitations = <T extends { cited: number }>(xs: T[]) => [...xs].sort((a, b) => b.cited - a.cited);
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    const q = url.searchParams;
    if (url.host === 'api.semanticscholar.org') return json({ error: 'Paper with id not found' }, 404);
    if (url.pathname.startsWith('/works/')) return html404();
    if (url.pathname === '/autocomplete/authors') {
      const needle = fold(q.get('q') ?? '');
      const hits = byCitations([...world.people.values()].filter((p) => fold(p.name).includes(needle))).slice(0, 10);
      return json({ meta: { count: hits.length }, results: hits.map((p) => ({ id: OA + p.id, display_name: p.name, hint: null, cited_by_count: p.cited, works_count: p.works, external_id: null })) });
    }
    const single = /^\/authors\/(A\d+)$/.exec(url.pathname);
    if (single) {
      const p = world.people.get(single[1]!);
      return p ? json(authorObject(p)) : html404();
    }
    const clauses = (q.get('filter') ?? '').split(',').map((c) => c.slice(c.indexOf(':') + 1).split('|').map((id) => id.replace(OA, '')));
    if (clauses.some((c) => c.length > 100)) return json({ error: 'Invalid query parameters error.', message: 'Maximum number of values exceeded' }, 400);
    const perPage = Number(q.get('per_page') ?? 25);
    if (url.pathname === '/authors') {
      const filter = q.get('filter') ?? '';
      // A name search: every word of one of the names, in any order (docs/catalog-apis.md).
      const named = (p: Person) => clauses[0]!.some((n) => fold(n).split(' ').every((w) => fold(p.name).split(' ').includes(w)));
      return list(byCitations([...world.people.values()].filter((p) => (filter.startsWith('display_name.search:') ? named(p) : clauses[0]!.includes(p.id)))).map(authorObject), perPage);
    }
    if (url.pathname === '/works') {
      const found = byCitations(world.works.filter((w) => clauses.every((ids) => w.authors.some((a) => ids.includes(a)))));
      return list(found.map((w) => ({ id: OA + w.id, authorships: w.authors.map((a) => ({ author: { id: OA + a, display_name: world.people.get(a)!.name } })) })), perPage);
    }
    return html404();
  });
  const isList = (u: URL) => u.host === 'api.openalex.org' && (u.pathname === '/works' || u.pathname === '/authors');
  const isNameSearch = (u: URL) => u.searchParams.get('filter')?.startsWith('display_name.search:') ?? false;
  return {
    fetch, urls, credits: () => urls.filter(isList).length,
    /**
     * The list calls of the decisions, what an identification's credits pay for: name searches are
     * the page's to pay (page-allowance.ts), and whether a reader waited long enough for one
     * depends on the wall clock (name-lookups.ts), slower on a busy machine.
     */
    decisionCredits: () => urls.filter((u) => isList(u) && !isNameSearch(u)).length,
  };
}

function setup(world: World, clock = { t: Date.UTC(2026, 5, 20) }) {
  const f = fakeFetch(world);
  const now = () => clock.t;
  const http = createHttp({ fetch: f.fetch, now, random: () => 0.5, sleep: async () => undefined, ...UNPACED });
  const cache = createCache({ factory: new IDBFactory(), now });
  const openalex = createOpenAlex({ http, now });
  const catalog = createCatalog({ openalex, s2: createSemanticScholar({ http }), cache, now });
  const fresh = createFreshIdentifier({ openalex, cache, now });
  return { ...f, cache, catalog, fresh, clock };
}

/** An identifier whose requests wait until `release`, each told to `onAsk` with its priority as it is asked. */
function heldIdentifier(world: World, onAsk: (url: string, priority: Priority | undefined) => void) {
  const f = fakeFetch(world);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inner = createHttp({ fetch: async (input) => { await gate; return f.fetch(input); }, random: () => 0.5, sleep: async () => undefined, ...UNPACED });
  const http: Http = { getJson: (url, init = {}) => { onAsk(String(url), init.priority); return inner.getJson(url, init); } };
  return { fresh: createFreshIdentifier({ openalex: createOpenAlex({ http }), cache: createCache({ factory: new IDBFactory() }) }), release };
}

const asPaper = (p: World['papers'][number]): FreshPaper => ({
  arxivId: p.arxivId, primaryCategory: 'cs.DC', authors: p.truth.map((t, index) => ({ index, name: t.name })),
});

/** What the acceptance suite checks per author: linked inferred, unique found, nobody else certain. */
function verdicts(truth: Truth[], identities: Identity[]) {
  let wrong = 0;
  let linkedFound = 0;
  let uniqueFound = 0;
  truth.forEach((t, i) => {
    const id = identities[i]!;
    const certain = id.match === 'inferred';
    if (certain && (id.openalexId !== t.trueId || t.role === 'ambiguous' || t.role === 'newcomer')) wrong++;
    if (t.role === 'linked' && certain && id.openalexId === t.trueId) linkedFound++;
    if (t.role === 'unique' && id.openalexId === t.trueId) uniqueFound++;
  });
  const count = (r: Role) => truth.filter((t) => t.role === r).length;
  return { wrong, linkedFound, linked: count('linked'), uniqueFound, unique: count('unique') };
}

describe('createFreshIdentifier', () => {
  it('identifies a 25-author fresh paper within n + 5 requests and 3 credits, the paper lookups included', async () => {
    const world = buildWorld(7, [25]);
    const { catalog, fresh, urls, credits } = setup(world);
    const [paper] = world.papers;
    const names = paper!.truth.map((t) => t.name);
    await expect(createPaperAuthors(catalog)(paper!.arxivId, names)).resolves.toMatchObject({ source: null });
    const result = await fresh.identify([asPaper(paper!)]);

    expect(urls.length).toBeLessThanOrEqual(25 + 5);
    expect(credits()).toBeLessThanOrEqual(3);
    const v = verdicts(paper!.truth, result.papers.get(paper!.arxivId)!);
    expect(v).toMatchObject({ wrong: 0, linkedFound: v.linked, uniqueFound: v.unique });
    expect(v.linked).toBeGreaterThan(15);
  });

  it('looks up the names of a paper of many authors together: a name search per 40 names, not an autocomplete each', async () => {
    const world = buildWorld(11, [60]);
    const { fresh, urls } = setup(world);
    const told: number[] = [];
    fresh.onSpent((spent) => told.push(spent.credits));
    const [paper] = world.papers;
    const result = await fresh.identify([asPaper(paper!)], { credits: () => 20 });
    expect(urls.filter((u) => u.pathname === '/autocomplete/authors')).toEqual([]);
    expect(urls.filter((u) => u.pathname === '/authors' && u.searchParams.get('filter')!.startsWith('display_name.search:'))).toHaveLength(2);
    // Ten credits a search, told as the page's spending (background/page-allowance.ts).
    expect(told[0]).toBe(20);
    const v = verdicts(paper!.truth, result.papers.get(paper!.arxivId)!);
    expect(v).toMatchObject({ wrong: 0, linkedFound: v.linked, uniqueFound: v.unique });
  });

  it('keeps to each name the profiles a search for it alone finds: a co-author\'s profile that fits it loosely is no candidate', async () => {
    const world = buildWorld(11, [30]);
    const [paper] = world.papers;
    // Two linked authors whose names fit each other when one is read family name first.
    const rename = (i: number, name: string) => {
      const t = paper!.truth[i]!;
      world.people.get(t.trueId!)!.name = name;
      paper!.truth[i] = { ...t, name };
    };
    rename(0, 'Zahra H. Mahmoud');
    rename(2, 'Zahra Haddad');
    const { fresh } = setup(world);
    const result = await fresh.identify([asPaper(paper!)], { credits: () => 20 });
    const identities = result.papers.get(paper!.arxivId)!;
    expect(identities[2]!.candidates.map((c) => c.openalexId)).not.toContain(paper!.truth[0]!.trueId);
    expect([identities[0], identities[2]].map((i) => [i!.match, i!.openalexId])).toEqual([['inferred', paper!.truth[0]!.trueId], ['inferred', paper!.truth[2]!.trueId]]);
  });

  it('falls back to an autocomplete per name when a name search comes back cut short', async () => {
    const world = buildWorld(11, [60]);
    const { fresh, urls, fetch } = setup(world);
    const inner = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (!(url.searchParams.get('filter') ?? '').startsWith('display_name.search:')) return inner(input);
      // More profiles matched than one page holds: some names' may be missing.
      const page = await (await inner(input)).json() as { meta: { count: number } };
      return new Response(JSON.stringify({ ...page, meta: { ...page.meta, count: 900 } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const [paper] = world.papers;
    const result = await fresh.identify([asPaper(paper!)], { credits: () => 20 });
    expect(urls.filter((u) => u.pathname === '/autocomplete/authors')).toHaveLength(60);
    const v = verdicts(paper!.truth, result.papers.get(paper!.arxivId)!);
    expect(v).toMatchObject({ wrong: 0, linkedFound: v.linked });
  });

  it('finds an author of a common name whose profile is not among the ten most cited namesakes, in the co-authors\' works', async () => {
    const world = buildWorld(16, [6]);
    const [paper] = world.papers;
    // A linked author in a group of three (the others stay linked without them) …
    const i = paper!.truth.findIndex((t, k) => t.role === 'linked' && world.works.some((w) => w.authors.includes(t.trueId!)
      && paper!.truth.filter((o, j) => j !== k && o.role === 'linked' && w.authors.includes(o.trueId!)).length >= 2));
    expect(i).toBeGreaterThanOrEqual(0);
    // … whose name a dozen more cited profiles in the same field share.
    const name = paper!.truth[i]!.name;
    for (let k = 0; k < 12; k++) world.people.set(`A59000000${10 + k}`, { id: `A59000000${10 + k}`, name, field: CS, h: 40, cited: 90_000 + k, works: 150 });
    const { fresh } = setup(world);
    const result = await fresh.identify([asPaper(paper!)], { credits: () => 20 });
    expect(result.papers.get(paper!.arxivId)![i]).toMatchObject({ match: 'inferred', openalexId: paper!.truth[i]!.trueId });
    expect(verdicts(paper!.truth, result.papers.get(paper!.arxivId)!).wrong).toBe(0);
  });

  it('keeps each name\'s lookup as it comes: one refused name costs the others nothing, and asked again only it is looked up', async () => {
    const world = buildWorld(12, [8]);
    const { fresh, fetch, urls } = setup(world);
    const [paper] = world.papers;
    const refused = paper!.truth[5]!.name;
    const answer = fetch.getMockImplementation()!;
    let refuse = true;
    fetch.mockImplementation(async (input) => (refuse && new URL(String(input)).searchParams.get('q') === refused
      ? new Response(JSON.stringify({ error: 'Invalid query parameters error.' }), { status: 400, headers: { 'content-type': 'application/json' } })
      : answer(input)));
    const autocompletes = () => urls.filter((u) => u.pathname === '/autocomplete/authors').map((u) => u.searchParams.get('q'));
    await expect(fresh.identify([asPaper(paper!)], { credits: LISTING_CREDITS })).rejects.toThrow();
    // (the refused one never reaches the fake catalog, which records what it answers)
    expect(new Set(autocompletes())).toEqual(new Set(paper!.truth.map((t) => t.name).filter((n) => n !== refused)));
    refuse = false;
    urls.length = 0;
    const result = await fresh.identify([asPaper(paper!)], { credits: LISTING_CREDITS });
    expect(autocompletes()).toEqual([refused]);
    expect(verdicts(paper!.truth, result.papers.get(paper!.arxivId)!).wrong).toBe(0);
  });

  it('tells what each identification spent: every list call it made, once, with its papers\' authors; nothing for a decision in the cache', async () => {
    const world = buildWorld(9, [5, 7, 4]);
    const { fresh, credits } = setup(world);
    const told: { papers: { arxivId: string; authors: number }[]; credits: number }[] = [];
    fresh.onSpent((spent) => told.push(spent));
    await fresh.identify(world.papers.map(asPaper), { credits: LISTING_CREDITS });
    expect(told).toEqual([{ papers: world.papers.map((p) => ({ arxivId: p.arxivId, authors: p.truth.length })), credits: credits() }]);
    expect(credits()).toBeGreaterThan(0);
    await fresh.identify(world.papers.map(asPaper), { credits: LISTING_CREDITS });
    expect(told).toHaveLength(1);
  });

  it('gives every named profile the figures of that profile', async () => {
    const world = buildWorld(8, [9]);
    const { fresh } = setup(world);
    const paper = world.papers[0]!;
    const result = await fresh.identify([asPaper(paper)]);
    const named = result.papers.get(paper.arxivId)!.filter((i) => i.openalexId);
    expect(named.length).toBeGreaterThan(5);
    for (const id of named) {
      const truth = world.people.get(id.openalexId!)!;
      expect(result.profiles.get(id.openalexId!)).toMatchObject({ hIndex: truth.h, citedBy: truth.cited, works: truth.works });
      expect(id.candidates[0]).toMatchObject({ openalexId: id.openalexId, hIndex: truth.h });
    }
  });

  it('identifies 100 fresh papers of 5 authors with 10 credits of shared works, profiles by the hundred, nobody wrong', async () => {
    const world = buildWorld(9, Array.from({ length: 100 }, () => 5));
    const { fresh, credits, urls } = setup(world);
    const result = await fresh.identify(world.papers.map(asPaper));

    // Ten calls for shared works; the profiles by the hundred past them (under the per-second cap,
    // one list call answers what a hundred free singletons would take ten seconds for).
    const shared = urls.filter((u) => u.pathname === '/works').length;
    expect(shared).toBeLessThanOrEqual(10);
    const profiles = urls.filter((u) => u.pathname === '/authors').length;
    expect(credits()).toBe(shared + profiles);
    expect(urls.filter((u) => /^\/authors\/A/.test(u.pathname))).toEqual([]);
    const totals = world.papers.map((p) => verdicts(p.truth, result.papers.get(p.arxivId)!));
    const sum = (k: keyof (typeof totals)[number]) => totals.reduce((n, v) => n + v[k], 0);
    expect(sum('wrong')).toBe(0);
    // Ten credits split every pair of most papers; the rest fall back to labelled guesses.
    expect(sum('linkedFound')).toBeGreaterThan(0.8 * sum('linked'));
    expect(sum('uniqueFound')).toBe(sum('unique'));
  });

  it('finds every linked author of 100 papers when given the credits for it', async () => {
    const world = buildWorld(9, Array.from({ length: 100 }, () => 5));
    const { fresh, decisionCredits } = setup(world);
    const result = await fresh.identify(world.papers.map(asPaper), { credits: () => 100 });
    const totals = world.papers.map((p) => verdicts(p.truth, result.papers.get(p.arxivId)!));
    expect(totals.every((v) => v.wrong === 0 && v.linkedFound === v.linked)).toBe(true);
    expect(decisionCredits()).toBeLessThan(30);
  });

  it('finds every linked author of 100 papers within a listing\'s credits', async () => {
    const world = buildWorld(9, Array.from({ length: 100 }, () => 5));
    const { fresh, decisionCredits } = setup(world);
    const result = await fresh.identify(world.papers.map(asPaper), { credits: LISTING_CREDITS });
    const totals = world.papers.map((p) => verdicts(p.truth, result.papers.get(p.arxivId)!));
    expect(totals.every((v) => v.wrong === 0 && v.linkedFound === v.linked)).toBe(true);
    expect(decisionCredits()).toBeLessThanOrEqual(LISTING_CREDITS(world.papers.map(asPaper)));
  });

  it('asks later levels in the room earlier calls leave, and every linked author is still found', async () => {
    const world = buildWorld(15, Array.from({ length: 40 }, (_, k) => 5 + (k % 6)));
    const { fresh, urls } = setup(world);
    const result = await fresh.identify(world.papers.map(asPaper), { credits: () => 100 });
    const totals = world.papers.map((p) => verdicts(p.truth, result.papers.get(p.arxivId)!));
    expect(totals.every((v) => v.wrong === 0 && v.linkedFound === v.linked)).toBe(true);
    const pairCalls = urls.filter((u) => u.pathname === '/works' && (u.searchParams.get('filter') ?? '').includes(','));
    // Level by level, each level in calls of its own, these 40 papers take 9 calls.
    expect(pairCalls.length).toBeLessThan(9);
  });

  it('scans the unlinked authors only when their works fit one page or the credits could not ask every pair', async () => {
    const isScan = (u: URL) => u.pathname === '/works' && !(u.searchParams.get('filter') ?? '').includes(',');
    // Candidates with dozens of works each: the scan could not hold them, the pairs are affordable.
    const roomy = setup(buildWorld(13, [8, 8]));
    await roomy.fresh.identify(buildWorld(13, [8, 8]).papers.map(asPaper), { credits: () => 100 });
    expect(roomy.urls.filter(isScan)).toEqual([]);
    // A paper's own page: 25 authors, 5 credits, five levels: the scan is the better bet.
    const tight = setup(buildWorld(14, [25]));
    await tight.fresh.identify(buildWorld(14, [25]).papers.map(asPaper));
    expect(tight.urls.filter(isScan)).toHaveLength(1);
  });

  it('asks the remaining pairs when a scan of the unlinked authors comes back cut at one page', async () => {
    const world = buildWorld(12, [8, 8, 8, 8]);
    // A namesake with 300 highly cited works of its own: any scan that holds it is cut at 200.
    const crowd = [...world.people.values()].find((p) => p.field === CHEMISTRY)!;
    for (let i = 0; i < 300; i++) world.works.push({ id: `W49${String(i).padStart(8, '0')}`, authors: [crowd.id], cited: 10_000 + i });
    const { fresh } = setup(world);
    const result = await fresh.identify(world.papers.map(asPaper), { credits: () => 100 });
    const totals = world.papers.map((p) => verdicts(p.truth, result.papers.get(p.arxivId)!));
    expect(totals.every((v) => v.wrong === 0 && v.linkedFound === v.linked)).toBe(true);
  });

  it('asks at the priority it is given, and raises it when the reader reaches a paper being identified ahead', async () => {
    const world = buildWorld(10, [6]);
    const seen: number[] = [];
    const { fresh, release } = heldIdentifier(world, (_url, priority) => seen.push(priorityOf(priority)));
    const papers = world.papers.map(asPaper);
    const ahead = fresh.identify(papers, { priority: PRIORITY.ahead });
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(new Set(seen)).toEqual(new Set([PRIORITY.ahead]));
    // The reader gets there: the same identification goes on, now as urgent as the reader's page.
    const now = fresh.identify(papers, { priority: PRIORITY.view });
    seen.length = 0;
    release();
    await Promise.all([ahead, now]);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([PRIORITY.view]));
  });

  it("lifts a name lookup a paper further down started when the reader's paper needs the same name", async () => {
    const world = buildWorld(10, [6]);
    const asked = new Map<string, Priority | undefined>();
    const { fresh, release } = heldIdentifier(world, (url, priority) => asked.set(decodeURIComponent(url.replace(/\+/g, ' ')), priority));
    const paper = (arxivId: string, names: string[]): FreshPaper => ({ arxivId, primaryCategory: 'cs.LG', authors: names.map((name, index) => ({ name, index })) });
    const further = fresh.prepare([paper('2606.00009', ['Mei Shared', 'Ola Below'])], PRIORITY.ahead);
    await vi.waitFor(() => expect(asked.size).toBe(2));
    const reader = fresh.prepare([paper('2606.00001', ['Mei Shared', 'Ana Seen'])], PRIORITY.view);
    await vi.waitFor(() => expect(asked.size).toBe(3));
    const priorityOfName = (name: string) => priorityOf([...asked].find(([url]) => url.includes(`q=${name}`))![1]);
    expect(priorityOfName('Mei Shared')).toBe(PRIORITY.view);
    expect(priorityOfName('Ola Below')).toBe(PRIORITY.ahead);
    release();
    await Promise.all([further, reader]);
  });

  it('asks nothing the second time, and again once the decision is hours old', async () => {
    const world = buildWorld(10, [6]);
    const { fresh, urls, clock, cache } = setup(world);
    const paper = asPaper(world.papers[0]!);
    const first = await fresh.identify([paper]);
    await cache.settle();
    const asked = urls.length;
    const again = await fresh.identify([paper]);
    expect(urls.length).toBe(asked);
    expect(again.papers).toEqual(first.papers);
    expect(again.profiles).toEqual(first.profiles);

    clock.t += NOT_INDEXED_TTL + 1;
    await fresh.identify([paper]);
    // Names and profiles are still cached: only the shared works are asked again.
    const again2 = urls.slice(asked).map((u) => u.pathname);
    expect(again2.length).toBeGreaterThan(0);
    expect(new Set(again2)).toEqual(new Set(['/works']));
  });

  it('decides again when the page shows other names for the same paper', async () => {
    const world = buildWorld(11, [4]);
    const { fresh } = setup(world);
    const paper = asPaper(world.papers[0]!);
    await fresh.identify([paper]);
    const fewer = await fresh.identify([{ ...paper, authors: paper.authors.slice(0, 2) }]);
    expect(fewer.papers.get(paper.arxivId)).toHaveLength(2);
  });

  it('shares one run between overlapping requests for a paper', async () => {
    const world = buildWorld(12, [5]);
    const alone = setup(world);
    const paper = asPaper(world.papers[0]!);
    await alone.fresh.identify([paper]);
    const { fresh, urls } = setup(world);
    const [one, two] = await Promise.all([fresh.identify([paper]), fresh.identify([paper])]);
    expect(two).toEqual(one);
    expect(urls).toHaveLength(alone.urls.length);
  });

  it('spends no credit while the daily budget is spent: free singletons, labelled guesses, nobody wrong', async () => {
    const world = buildWorld(13, [6]);
    const f = fakeFetch(world);
    const http = createHttp({ fetch: f.fetch, random: () => 0.5, sleep: async () => undefined, ...UNPACED });
    const spent = { ...createOpenAlex({ http }), budgetResetAt: async () => Date.now() + 3_600_000 };
    const openalex = { ...spent, at: () => spent };
    const fresh = createFreshIdentifier({ openalex, cache: createCache({ factory: new IDBFactory() }) });
    const paper = world.papers[0]!;
    const result = await fresh.identify([asPaper(paper)]);
    expect(f.credits()).toBe(0);
    const identities = result.papers.get(paper.arxivId)!;
    expect(identities.some((i) => i.match === 'guess')).toBe(true);
    expect(verdicts(paper.truth, identities).wrong).toBe(0);
    for (const i of identities) if (i.openalexId) expect(result.profiles.get(i.openalexId)?.hIndex).toBe(world.people.get(i.openalexId)!.h);
  });

  it('asks again, bypassing the cache, when the reader refreshes', async () => {
    const world = buildWorld(14, [3]);
    const { fresh, urls } = setup(world);
    const paper = asPaper(world.papers[0]!);
    await fresh.identify([paper]);
    const asked = urls.length;
    await fresh.identify([paper], { revalidate: true });
    expect(urls.length).toBe(2 * asked);
  });
});
