import { API_ORIGINS } from '../catalog/hosts';
import { hostNames, missingOrigins, requestOrigins } from './host-access';

/** A permissions API holding `granted`, as Firefox's does after the reader revoked some. */
function permissions(granted: string[], { grantOnRequest = true } = {}) {
  const held = new Set(granted);
  return {
    contains: vi.fn(async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => held.has(o))),
    request: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
      if (grantOnRequest) origins.forEach((o) => held.add(o));
      return grantOnRequest;
    }),
  };
}

describe('access to the catalog hosts', () => {
  it('finds nothing missing where both hosts are granted (Chromium, at install)', async () => {
    expect(await missingOrigins(permissions([...API_ORIGINS]) as never)).toEqual([]);
  });

  it('names the host the reader revoked, and grants it again on request', async () => {
    const p = permissions(['https://api.openalex.org/*']);
    const missing = await missingOrigins(p as never);
    expect(missing).toEqual(['https://api.semanticscholar.org/*']);
    expect(hostNames(missing)).toBe('api.semanticscholar.org');
    expect(await requestOrigins(p as never, missing)).toBe(true);
    expect(p.request).toHaveBeenCalledWith({ origins: ['https://api.semanticscholar.org/*'] });
    expect(await missingOrigins(p as never)).toEqual([]);
  });

  it('reports a refused request, and treats a browser that cannot say as granted', async () => {
    const p = permissions([], { grantOnRequest: false });
    expect(hostNames(await missingOrigins(p as never))).toBe('api.openalex.org and api.semanticscholar.org');
    expect(await requestOrigins(p as never, [...API_ORIGINS])).toBe(false);
    const broken = { contains: async () => Promise.reject(new Error('unsupported')), request: async () => Promise.reject(new Error('no gesture')) };
    expect(await missingOrigins(broken as never)).toEqual([]);
    expect(await requestOrigins(broken as never, [...API_ORIGINS])).toBe(false);
  });
});
