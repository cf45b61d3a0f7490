/**
 * Shared by the reader tests (never imported by product code): arXiv pages, read in place. A page
 * named `testdata/…` is one made up here (this folder's testdata/, in the repo: every checkout
 * reads it); any other name is one of the shared fixtures beside the repo (recorded or rendered
 * with arXiv's own code, never copied in), which a checkout outside the workspace lacks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { afterAll } from 'vitest';
import { fixturesPath } from '@/test/fixtures';

const MADE_UP = 'testdata/';
const LOCAL = resolve(dirname(fileURLToPath(import.meta.url)), 'testdata');
const SHARED = fixturesPath('arxiv-pages');

/** The file of a page name. */
function pathOf(file: string): string {
  return file.startsWith(MADE_UP) ? join(LOCAL, file.slice(MADE_UP.length)) : join(SHARED, file);
}

/** Whether the shared pages are beside the repo; says, when not, that only the made-up ones are read. */
export function sharedPagesAvailable(what: string): boolean {
  const available = existsSync(SHARED);
  if (!available) console.warn(`[${what}] ${SHARED} not found: reading the made-up pages of testdata/ only.`);
  return available;
}

export function hasFixture(file: string): boolean {
  return existsSync(pathOf(file));
}

/** The rows of a table of cases whose page is there: the made-up ones always, the shared ones beside the repo. */
export function present<Row extends { file: string }>(rows: Row[]): Row[] {
  return rows.filter((row) => hasFixture(row.file));
}

/** The names of the `.html` pages in a folder of pages (`testdata`, `testdata/html` or a shared one); none when it is absent. */
export function pagesIn(folder: string): string[] {
  const dir = pathOf(`${folder}/`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => `${folder}/${name}`);
}

/**
 * What each HTML view names (its folder's expected_authors.json: the persons, each with its
 * place in the abs page's citation_author list), by page name: the made-up views of
 * testdata/html always, the shared ones beside the repo.
 */
export function htmlViewExpectations<Entry>(): Record<string, Entry> {
  return Object.fromEntries(
    ['testdata/html', 'html']
      .filter((folder) => hasFixture(`${folder}/expected_authors.json`))
      .flatMap((folder) =>
        Object.entries((JSON.parse(pageText(`${folder}/expected_authors.json`)) as { files: Record<string, Entry> }).files).map(
          ([name, entry]) => [`${folder}/${name}`, entry],
        ),
      ),
  );
}

/** A page's text. */
export function pageText(file: string): string {
  return readFileSync(pathOf(file), 'utf8');
}

const windows: Window[] = [];

afterAll(async () => {
  shared.clear();
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

const shared = new Map<string, Document>();

/** The page `file` as served at `url`, parsed once for all tests that only read it. */
export function fixtureDocument(file: string, url: string): Document {
  const key = `${file} ${url}`;
  let doc = shared.get(key);
  if (!doc) shared.set(key, (doc = loadFixture(file, url)));
  return doc;
}

/** A fresh document of the page `file`, for a test that changes it. */
export function loadFixture(file: string, url: string): Document {
  return loadHtml(pageText(file), url);
}

/** A document of `html` (a made-up page), as served at `url`; it loads no scripts or styles. */
export function loadHtml(html: string, url: string): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true, disableCSSFileLoading: true },
  });
  windows.push(window);
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/**
 * Records every change made to `doc` until `changes()` is called: how a test shows a reader
 * leaves the page as it was, without serialising a 2,000-entry page twice.
 */
export function watchChanges(doc: Document): () => MutationRecord[] {
  const observer = new (doc.defaultView as unknown as typeof globalThis).MutationObserver(() => undefined);
  observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
  return () => {
    const records = observer.takeRecords();
    observer.disconnect();
    return records;
  };
}
