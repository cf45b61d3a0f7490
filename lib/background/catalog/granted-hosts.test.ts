import { describe, expect, it, vi } from 'vitest';
import { createHttp } from './http';
import { withGrantedHosts } from './granted-hosts';

const OA = 'https://api.openalex.org/works/W1';
const S2 = 'https://api.semanticscholar.org/graph/v1/paper/ARXIV:2406.05546';

/** A browser whose grants the test changes, firing onAdded / onRemoved as Firefox does. */
function fakePermissions(revoked: string[] = []) {
  const removed = new Set(revoked);
  const listeners: (() => void)[] = [];
  const asked: string[] = [];
  return {
    asked,
    contains: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
      asked.push(...origins);
      return origins.every((o) => !removed.has(o));
    }),
    onAdded: { addListener: (fn: () => void) => listeners.push(fn) },
    onRemoved: { addListener: (fn: () => void) => listeners.push(fn) },
    revoke(origin: string) { removed.add(origin); listeners.forEach((fn) => fn()); },
    grant(origin: string) { removed.delete(origin); listeners.forEach((fn) => fn()); },
  };
}

const ok = () => vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));

describe('withGrantedHosts', () => {
  it('lets requests to granted catalog hosts through, asking the browser once per host', async () => {
    const perms = fakePermissions();
    const fetchImpl = ok();
    const guarded = withGrantedHosts(fetchImpl, perms);
    await guarded(OA);
    await guarded(`${OA}?select=id`);
    await guarded(new URL(S2));
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(perms.asked).toEqual(['https://api.openalex.org/*', 'https://api.semanticscholar.org/*']);
  });

  it('refuses, before anything leaves, a catalog host the reader revoked; the other catalog still answers', async () => {
    const perms = fakePermissions(['https://api.semanticscholar.org/*']);
    const fetchImpl = ok();
    const guarded = withGrantedHosts(fetchImpl, perms);
    await expect(guarded(S2)).rejects.toThrow('no longer grants Weft access to https://api.semanticscholar.org');
    await guarded(OA);
    expect(fetchImpl.mock.calls.map(([u]) => String(u))).toEqual([OA]);
  });

  it('follows the grants as they change: revoked while running, granted again', async () => {
    const perms = fakePermissions();
    const fetchImpl = ok();
    const guarded = withGrantedHosts(fetchImpl, perms);
    await guarded(S2);
    perms.revoke('https://api.semanticscholar.org/*');
    await expect(guarded(S2)).rejects.toThrow(TypeError);
    perms.grant('https://api.semanticscholar.org/*');
    await guarded(S2);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for other hosts, and a browser that cannot answer grants what the manifest asks', async () => {
    const perms = fakePermissions();
    perms.contains.mockRejectedValue(new Error('not supported'));
    const fetchImpl = ok();
    const guarded = withGrantedHosts(fetchImpl, perms);
    await guarded('https://arxiv.org/abs/2406.05546');
    expect(perms.contains).not.toHaveBeenCalled();
    await guarded(OA);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(await withGrantedHosts(fetchImpl, undefined)(OA)).toBeInstanceOf(Response);
  });

  it('through the fetch layer: a revoked host fails as a network error and is never fetched', async () => {
    const fetchImpl = ok();
    const http = createHttp({ fetch: withGrantedHosts(fetchImpl, fakePermissions(['https://api.semanticscholar.org/*'])), sleep: async () => {} });
    await expect(http.getJson(new URL(S2))).rejects.toMatchObject({ kind: 'network' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
