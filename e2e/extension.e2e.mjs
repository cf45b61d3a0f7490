// The built extension loads into Chromium, and stays quiet until it is needed.
/* global chrome -- evaluated in the extension's service worker */

import { launch, sleep } from './harness.mjs';
import { FakeApis, buildCatalog } from './fake-apis.mjs';
import { makeAuthors } from './pages.mjs';

function quietFake() {
  const authors = makeAuthors(3);
  return new FakeApis(buildCatalog({ arxivId: '2406.05546', title: 'Quiet start', authors }));
}

/** The background service worker of the built extension starts. */
export async function serviceWorkerStarts() {
  const s = await launch(quietFake());
  if (!/^chrome-extension:\/\/[a-p]{32}\//.test(s.sw.url())) throw new Error(`unexpected service worker URL ${s.sw.url()}`);
  const manifest = await s.sw.evaluate(() => chrome.runtime.getManifest());
  if (manifest.manifest_version !== 3) throw new Error(`manifest_version ${manifest.manifest_version}, expected 3`);
}

/** With no arXiv page open and nobody followed, Weft asks no API and no other host. */
export async function noRequestsAtStartup() {
  const fake = quietFake();
  await launch(fake);
  await sleep(1500);
  const reqs = fake.apiRequests();
  if (reqs.length) throw new Error(`${reqs.length} API requests at startup: ${reqs.slice(0, 3).map((r) => r.url).join(', ')}`);
  if (fake.blocked.length) throw new Error(`the extension asked other hosts: ${fake.blocked.slice(0, 3).map((r) => r.url).join(', ')}`);
}
