/**
 * Where the recorded API responses and arXiv pages live: in the workspace's shared folder beside
 * the repo, read in place and never copied in. A checkout outside the workspace lacks them; the
 * tests that read them then run on the made-up answers and pages written here
 * (lib/background/catalog/testdata, lib/arxiv/readers/testdata) alone, and say so.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not `new URL(…, import.meta.url)` alone: Vite rewrites that into a dev-server asset URL in
// DOM test environments.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/fixtures');

/** The absolute path of a fixtures folder, e.g. `fixturesPath('arxiv-pages/html')`. */
export function fixturesPath(sub: string): string {
  return resolve(ROOT, sub);
}
