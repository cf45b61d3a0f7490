/**
 * Where the recorded API responses and arXiv pages live: in the workspace's shared folder beside
 * the repo, read in place and never copied in. Tests that need them skip with a printed notice
 * when the folder is absent (a checkout outside the workspace).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Not `new URL(…, import.meta.url)` alone: Vite rewrites that into a dev-server asset URL in
// DOM test environments.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/fixtures');

/** The absolute path of a fixtures folder, e.g. `fixturesPath('arxiv-pages/html')`. */
export function fixturesPath(sub: string): string {
  return resolve(ROOT, sub);
}

/** The same folder as a file: URL ending in `/`, for `new URL(name, base)`. */
export function fixturesUrl(sub: string): URL {
  return pathToFileURL(fixturesPath(sub) + '/');
}
