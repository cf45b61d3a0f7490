/** Shared by the reader tests (never imported by product code): arXiv fixture pages, read in place. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll } from 'vitest';
import { fixturesPath } from '@/test/fixtures';

const FIXTURES = fixturesPath('arxiv-pages');

/** Whether the shared fixtures are checked out beside the repo; prints why tests skip when not. */
export function fixturesAvailable(what: string): boolean {
  const available = existsSync(FIXTURES);
  if (!available) console.warn(`[${what}] ${FIXTURES} not found: skipping the arXiv fixture tests.`);
  return available;
}

export function hasFixture(file: string): boolean {
  return existsSync(join(FIXTURES, file));
}

const windows: Window[] = [];

afterAll(async () => {
  shared.clear();
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

const shared = new Map<string, Document>();

/** The fixture `file` (under fixtures/arxiv-pages) as served at `url`, parsed once for all tests that only read it. */
export function fixtureDocument(file: string, url: string): Document {
  const key = `${file} ${url}`;
  let doc = shared.get(key);
  if (!doc) shared.set(key, (doc = loadFixture(file, url)));
  return doc;
}

/** A fresh document of the fixture `file`, for a test that changes it. */
export function loadFixture(file: string, url: string): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true, disableCSSFileLoading: true },
  });
  windows.push(window);
  const html = readFileSync(join(FIXTURES, file), 'utf8');
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** A document of `html` (a made-up page), as served at `url`. */
export function loadHtml(html: string, url: string): Document {
  const window = new Window({ url });
  windows.push(window);
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}
