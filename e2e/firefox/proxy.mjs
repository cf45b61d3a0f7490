// The Firefox run's network: Firefox has no context.route, so every request of the browser goes
// through a local HTTPS-intercepting proxy (mockttp) that hands it to the same FakeApis#answer the
// Chromium tests use. What the fake does not answer (any other host, Firefox's own background
// services included) gets its connection closed: nothing leaves the machine.
//
// The proxy's certificates are signed by a test CA made for each run; launch() trusts it in that
// run's temporary profiles only (their NSS store, with certutil), never system-wide.

import * as mockttp from 'mockttp';

/**
 * Who sent a request, as far as the wire tells: a web page's own requests (and a content script's,
 * which Firefox sends as the page) carry the page's Origin or Referer, or are a navigation; the
 * extension's fetches (its background or one of its pages, which the wire does not tell apart)
 * carry neither and are marked same-origin by Firefox.
 */
function initiatorOf(headers) {
  const from = headers.origin ?? headers.referer ?? '';
  if (/^https?:/.test(from) || headers['sec-fetch-mode'] === 'navigate') return 'page';
  return headers['sec-fetch-site'] === 'same-origin' ? 'extension' : 'page';
}

/** Starts the proxy; its `fake` can be swapped between tests (`proxy.fake = …`). */
export async function startProxy() {
  const ca = await mockttp.generateCACertificate({ subject: { commonName: 'Weft e2e test CA (Firefox run)' }, bits: 2048 });
  const server = mockttp.getLocal({ https: { cert: ca.cert, key: ca.key }, http2: false, recordTraffic: false });
  await server.start({ startPort: 18_000, endPort: 18_999 });
  const proxy = {
    port: server.port,
    caPem: ca.cert,
    /** @type {import('../fake-apis.mjs').FakeApis | null} */
    fake: null,
    stop: () => server.stop(),
  };
  await server.forAnyRequest().thenCallback(async (req) => {
    if (!proxy.fake) return 'close';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v ?? '']));
    const body = ['GET', 'HEAD', 'OPTIONS'].includes(req.method) ? null : (await req.body.getText()) ?? '';
    const r = await proxy.fake.answer({ method: req.method, url: req.url, headers, body, initiator: initiatorOf(headers) });
    if (!r) return 'close';
    return {
      statusCode: r.status,
      headers: { ...(r.headers ?? {}), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
      body: r.body ?? '',
    };
  });
  return proxy;
}
