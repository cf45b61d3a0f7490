/**
 * The reader's API keys and redirects: a key never follows a redirect (a browser's fetch keeps
 * a custom header such as Semantic Scholar's `x-api-key` across one, to any host), and never
 * shows in a log or an error message. The network here behaves as a browser's does: a `manual`
 * redirect is opaque (status 0, no Location), a followed one is followed with the same headers.
 */
import { tried } from '../ledger.mjs';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { FROM_POPUP, ID, json, startBackground, type Route } from './background';

const OA_KEY = 'OaSecretKey12345';
const S2_KEY = 'S2SecretKey1234567890';
const EVIL = 'evil.example';

/** What arrived where, with the headers and query it carried. */
type Seen = { url: URL; headers: Record<string, string> };

/**
 * `redirects(url)` names where a catalog URL redirects to (a URL), or nothing. The route answers
 * like a browser: an opaque redirect when asked for `manual`, else the redirect followed (with
 * the same headers), and the final answer carrying its URL.
 */
function browserRedirects(redirects: (url: URL) => string | undefined, seen: Seen[]): Route {
  return async (url, init, fake) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    seen.push({ url, headers });
    const to = redirects(url);
    if (!to) return undefined;
    if (init?.redirect === 'manual') {
      return Object.defineProperties(new Response(null), { type: { value: 'opaqueredirect' }, status: { value: 0 } });
    }
    const target = new URL(to, url);
    seen.push({ url: target, headers });
    const answer = target.host === EVIL ? json({ stolen: true }) : json(JSON.parse(fake.respond('GET', target.href).body));
    return Object.defineProperty(answer, 'url', { value: target.href });
  };
}

describe('keys and redirects', () => {
  it('[keys-across-redirects] a keyed request redirected off the catalog: the key never reaches the other host, the answer is an invalid-response', async () => {
    const seen: Seen[] = [];
    const bg = startBackground({ route: browserRedirects((u) => (u.host === S2_HOST || (u.host === OA_HOST && u.pathname.startsWith('/works/'))) ? `https://${EVIL}/steal${u.pathname}` : undefined, seen) });
    expect(await bg.ask({ type: 'settings-set-keys', openalex: OA_KEY, s2: S2_KEY }, FROM_POPUP)).toMatchObject({ ok: true });
    const log = vi.spyOn(console, 'warn');
    const err = vi.spyOn(console, 'error');
    const info = vi.spyOn(console, 'log');
    const answers = [
      await bg.ask({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100 }),
      await bg.ask({ type: 'paper-citations', arxivId: ID }),
      await bg.ask({ type: 'related-papers', arxivId: ID }),
      await bg.ask({ type: 'paper-s2-authors', arxivId: ID, names: bg.names }),
    ];
    await bg.deps.cache.settle();
    const atEvil = seen.filter((s) => s.url.host === EVIL);
    expect(atEvil.length).toBeGreaterThan(0); // the redirects were tried
    for (const s of atEvil) {
      expect(s.url.href).not.toContain(OA_KEY);
      expect(Object.values(s.headers).join(' ')).not.toContain(S2_KEY);
    }
    // Each catalog's key went to that catalog only.
    for (const s of seen.filter((x) => x.url.host === S2_HOST)) expect(s.url.href).not.toContain(OA_KEY);
    for (const s of seen.filter((x) => x.url.host === OA_HOST)) expect(Object.values(s.headers).join(' ')).not.toContain(S2_KEY);
    expect(answers[0]).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    // Never in a log line or an error the page sees.
    const written = JSON.stringify([answers, log.mock.calls, err.mock.calls, info.mock.calls].map((x) => x), (_k, v: unknown) => (v instanceof Error ? `${v.name}: ${v.message} ${v.stack}` : v));
    expect(written).not.toContain(OA_KEY);
    expect(written).not.toContain(S2_KEY);
    tried('keys-across-redirects');
  });

  it('[keys-across-redirects] OpenAlex’s same-host 301 for a merged author id still answers with a key saved, where the browser hides the redirect and where it shows it', async () => {
    for (const opaque of [true, false]) {
      const seen: Seen[] = [];
      const probe = startBackground();
      const survivor = probe.catalog.people[0]!.openalexId!;
      const merged = 'A9999999901';
      const follow = browserRedirects((u) => (u.host === OA_HOST && u.pathname === `/authors/${merged}` ? `/authors/${survivor}?select=${u.searchParams.get('select')}` : undefined), seen);
      const route: Route = opaque ? follow : (u, init, fake) => {
        // A fetch that shows the redirect (Location readable), as outside the browser.
        if (init?.redirect === 'manual' && u.host === OA_HOST && u.pathname === `/authors/${merged}`) {
          seen.push({ url: u, headers: {} });
          return new Response(null, { status: 301, headers: { location: `/authors/${survivor}` } });
        }
        return follow(u, init, fake);
      };
      const bg = startBackground({ route });
      await bg.deps.apiKeys.save({ openalex: OA_KEY });
      const m = await bg.deps.openalex.authorById(merged);
      expect(m.openalexId).toBe(survivor);
      if (!opaque) expect(seen.some((s) => s.url.pathname === `/authors/${survivor}` && s.url.searchParams.get('api_key') === OA_KEY)).toBe(true);
    }
    tried('keys-across-redirects');
  });
});
