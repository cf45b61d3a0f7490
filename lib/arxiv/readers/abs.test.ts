// @vitest-environment happy-dom
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { parseArxivId } from '../ids';
import { nameTokens } from '../names';
import { isAbsPageUrl, panelInsertionPoint, readAbsHead, readAbsPaper, type AbsPaper } from './abs';
import { fixturesPath } from '@/test/fixtures';

// The shared fixtures are read in place (never copied into the repo); checkouts without the
// shared folder skip these tests. (Not `new URL(…, import.meta.url)`: Vite rewrites that
// into a dev-server asset URL in DOM environments.)
const FIXTURES = fixturesPath('arxiv-pages');
const FOLDERS = ['rendered-2026-06', 'rendered-2026-06-29-spinout', 'real'];
const available = existsSync(FIXTURES);
if (!available) console.warn(`[lib/arxiv] ${FIXTURES} not found: skipping the arXiv fixture tests.`);

const files = available
  ? FOLDERS.filter((folder) => existsSync(join(FIXTURES, folder))).flatMap((folder) =>
      readdirSync(join(FIXTURES, folder))
        .filter((name) => name.endsWith('.html'))
        .map((name) => `${folder}/${name}`),
    )
  : [];

/** The arxiv.org URL a fixture was served at, from its file name. */
function urlOf(file: string): string {
  const name = file.slice(file.indexOf('/') + 1);
  const abs = /abs_(.+?)(?:_legacy)?\.html$/.exec(name);
  if (abs) return `https://arxiv.org/abs/${(abs[1] ?? '').replace('_', '/')}`;
  const list = /^list_(.+)_([a-z]+)\.html$/.exec(name);
  if (list) return `https://arxiv.org/list/${list[1]}/${list[2]}`;
  return 'https://arxiv.org/search/?query=parameter+server&searchtype=all';
}

const absFiles = files.filter((file) => isAbsPageUrl(urlOf(file)));
const otherFiles = files.filter((file) => !absFiles.includes(file));

const windows: Window[] = [];
const documents = new Map<string, Document>();

function load(file: string): Document {
  const cached = documents.get(file);
  if (cached) return cached;
  const window = new Window({
    url: urlOf(file),
    settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
  });
  windows.push(window);
  const html = readFileSync(join(FIXTURES, file), 'utf8');
  const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  documents.set(file, doc);
  return doc;
}

afterAll(async () => {
  await Promise.all(windows.map((window) => window.happyDOM.close()));
});

function read(file: string): AbsPaper {
  const page = readAbsPaper(load(file), urlOf(file));
  if (!page) throw new Error(`${file}: not read as an abs page`);
  return page;
}

function letteredMetas(doc: Document): string[] {
  return Array.from(doc.querySelectorAll('meta[name="citation_author"]'))
    .map((meta) => meta.getAttribute('content') ?? '')
    .filter((name) => /\p{L}/u.test(name));
}

describe.skipIf(!available)('arXiv fixture pages', () => {
  it('has every kind of page to test', () => {
    expect(absFiles.length).toBeGreaterThanOrEqual(16);
    expect(otherFiles.length).toBeGreaterThanOrEqual(6);
  });

  describe.each(absFiles)('%s', (file) => {
    it('reads id and version from the URL', () => {
      const page = read(file);
      const expected = parseArxivId(urlOf(file));
      expect(page.arxivId).toBe(expected?.id);
      expect(page.version).toBe(expected?.version);
    });

    it('names the paper, its title and authors from the <head> alone, as the full read does', () => {
      const page = read(file);
      const head = readAbsHead(load(file), urlOf(file));
      expect(head).toEqual({ arxivId: page.arxivId, title: page.title, citationNames: page.authors.map((a) => a.citationName) });
    });

    it('reads the same page given what the <head> read already', () => {
      const doc = load(file);
      const head = readAbsHead(doc, urlOf(file));
      const strip = ({ locateThrough: _, ...rest }: AbsPaper) => rest;
      expect(strip(readAbsPaper(doc, urlOf(file), head)!)).toEqual(strip(readAbsPaper(load(file), urlOf(file))!));
    });

    it('detects the layout', () => {
      expect(read(file).layout).toBe(file.startsWith('real/') ? 'legacy' : 'abs-outer');
    });

    it('reads the title as submitted, without a descriptor', () => {
      const page = read(file);
      const meta = load(file).querySelector('meta[name="citation_title"]')?.getAttribute('content') ?? '';
      expect(page.title).not.toBe('');
      expect(page.title).not.toMatch(/^Title:/);
      expect(page.title).toBe(meta.replace(/\s+/g, ' ').trim());
    });

    it('lists one author per lettered citation_author meta, in display form', () => {
      const doc = load(file);
      const page = read(file);
      const metas = letteredMetas(doc);
      expect(metas.length).toBeGreaterThan(0);
      expect(page.authors.map((a) => a.citationName)).toEqual(metas.map((m) => m.replace(/\s+/g, ' ').trim()));
      page.authors.forEach((author, index) => {
        expect(author.index).toBe(index);
        expect(author.name).not.toContain(',');
        expect(author.name).not.toBe('');
      });
    });

    it('anchors every author, each link to its own author, in document order', () => {
      const page = read(file);
      page.locateThrough(page.authors.length - 1);
      const links = Array.from(page.authorsElement?.querySelectorAll('a[href*="searchtype=author"]') ?? []);
      const anchoredLinks: Element[] = [];
      for (const author of page.authors) {
        expect(author.anchor, `${file}: ${author.citationName}`).not.toBeNull();
        if (author.anchor?.kind !== 'link') continue;
        const shared = nameTokens(author.anchor.element.textContent ?? '').filter((t) =>
          nameTokens(author.citationName).includes(t),
        );
        expect(shared.length, `${author.citationName} vs ${author.anchor.element.textContent}`).toBeGreaterThan(0);
        anchoredLinks.push(author.anchor.element);
      }
      // Every author link is used once, and in page order: nothing was matched out of order.
      expect(anchoredLinks).toEqual(links);
    });

    it('flags authors hidden in the long list', () => {
      const page = read(file);
      page.locateThrough(page.authors.length - 1);
      for (const author of page.authors) {
        const node = author.anchor?.kind === 'link' ? author.anchor.element : author.anchor?.node;
        expect(author.hidden).toBe(page.hiddenAuthors?.contains(node ?? null) ?? false);
      }
    });

    it('finds the panel insertion point right after the full-text links', () => {
      const doc = load(file);
      const point = panelInsertionPoint(doc);
      const fullText = doc.querySelector('.extra-services > .full-text');
      expect(point?.parent).toBe(doc.querySelector('.extra-services'));
      expect(point?.before).toBe(fullText?.nextSibling);
    });

    it('does not modify the page', () => {
      const doc = load(file);
      const before = doc.documentElement.outerHTML;
      read(file);
      panelInsertionPoint(doc);
      expect(doc.documentElement.outerHTML).toBe(before);
    });
  });

  describe.each(otherFiles)('%s (not an abs page)', (file) => {
    it('is not read as an abs page', () => {
      expect(readAbsPaper(load(file), urlOf(file))).toBeNull();
      expect(panelInsertionPoint(load(file))).toBeNull();
    });
  });

  describe('specific pages', () => {
    it('1411.4413: locates the visible authors at once and the hidden ones on demand', () => {
      const doc = load('rendered-2026-06/abs_1411.4413.html');
      const page = readAbsPaper(doc, 'https://arxiv.org/abs/1411.4413')!;
      const visible = page.authors.filter((a) => !a.hidden);
      expect(visible).toHaveLength(100);
      expect(visible.every((a) => a.anchor !== null)).toBe(true);
      expect(page.authors[2000]!.anchor).toBeNull();
      page.locateThrough(2000);
      const anchor = page.authors[2000]!.anchor;
      expect(anchor?.kind === 'link' && page.hiddenAuthors?.contains(anchor.element)).toBe(true);
      expect(page.authors[2001]!.anchor).toBeNull();
    });

    const has = (file: string) => files.includes(file);

    it.skipIf(!has('rendered-2026-06/abs_1607.08199v2.html'))('keeps the version of a versioned URL', () => {
      const page = read('rendered-2026-06/abs_1607.08199v2.html');
      expect([page.arxivId, page.version]).toEqual(['1607.08199', 2]);
      expect(read('rendered-2026-06/abs_1607.08199.html').version).toBeNull();
    });

    it.skipIf(!has('rendered-2026-06/abs_hep-th_9901001.html'))('reads an old-style id', () => {
      const page = read('rendered-2026-06/abs_hep-th_9901001.html');
      expect([page.arxivId, page.version]).toEqual(['hep-th/9901001', null]);
      expect(page.authors.map((a) => a.name)).toEqual(['Yosuke Imamura']);
    });

    // arxiv-browse's test record for cs/0006007 says "Paper: cs/0006008", so the page's
    // metadata disagrees with its URL: the URL wins, the metadata is only a fallback.
    it.skipIf(!has('rendered-2026-06/abs_cs_0006007.html'))('prefers the URL id, else the page metadata', () => {
      const doc = load('rendered-2026-06/abs_cs_0006007.html');
      expect(readAbsPaper(doc, 'https://arxiv.org/abs/cs/0006007v1')?.arxivId).toBe('cs/0006007');
      const saved = readAbsPaper(doc, 'file:///tmp/page.html');
      expect([saved?.arxivId, saved?.version]).toEqual(['cs/0006008', null]);
    });

    it.skipIf(!has('rendered-2026-06/abs_2406.99901.html'))('anchors unlinked CJK names in the text', () => {
      const page = read('rendered-2026-06/abs_2406.99901.html');
      expect(page.authors.map((a) => a.name)).toEqual([
        'José María García-López',
        'Björn Åström',
        'Zoë Dupré',
        'François Müller-Schröder',
        'Nguyễn Văn An',
        '李明',
        '佐藤 健',
        '김민준',
        'Łukasz Żyński',
        'Søren Østergaard',
      ]);
      expect(page.authors.map((a) => a.anchor?.kind)).toEqual([
        'link', 'link', 'link', 'link', 'link', 'text', 'link', 'text', 'link', 'link',
      ]);
      for (const index of [5, 7]) {
        const author = page.authors[index];
        const anchor = author?.anchor;
        if (anchor?.kind !== 'text' || !author) throw new Error('expected a text anchor');
        expect(anchor.node.data.slice(anchor.end - author.name.length, anchor.end)).toBe(author.name);
        expect(anchor.node.data.charAt(anchor.end)).toBe(' ');
        expect(page.authorsElement?.contains(anchor.node)).toBe(true);
      }
    });

    it.skipIf(!has('rendered-2026-06/abs_1411.4413.html'))('reads the ~2,830 authors of 1411.4413', () => {
      const page = read('rendered-2026-06/abs_1411.4413.html');
      expect(page.authors).toHaveLength(2832);
      expect(page.authors.slice(0, 4).map((a) => a.name)).toEqual([
        'The CMS',
        'LHCb Collaborations',
        'V. Khachatryan',
        'A. M. Sirunyan',
      ]);
      expect(page.authors.slice(0, 100).every((a) => !a.hidden)).toBe(true);
      expect(page.authors.slice(100).every((a) => a.hidden)).toBe(true);
      expect(page.hiddenAuthors?.id).toBe('long-author-list');
      expect(page.longListToggle?.id).toBe('toggle');
      expect(page.authors.find((a) => a.citationName === 'Finger Jr., M.')?.name).toBe('M. Finger Jr.');
    });

    it.skipIf(!has('rendered-2026-06/abs_1902.11195.html'))('matches a collaboration written in another order', () => {
      const page = read('rendered-2026-06/abs_1902.11195.html');
      const last = page.authors.at(-1);
      expect(last?.citationName).toBe('Collaboration, for the Super-FRS Experiment');
      expect(last?.anchor?.kind === 'link' && last.anchor.element.textContent).toBe('Super-FRS Experiment Collaboration');
    });

    // The 2018 Perl page has citation_author metas, div.authors with search links and the
    // sidebar (placed before .leftcolumn), so it is read as a full page, layout 'legacy'.
    it.skipIf(!has('real/2018-08_abs_0704.0001_legacy.html'))('reads the legacy 2018 page', () => {
      const page = read('real/2018-08_abs_0704.0001_legacy.html');
      expect(page.layout).toBe('legacy');
      expect([page.arxivId, page.version]).toEqual(['0704.0001', null]);
      expect(page.authors.map((a) => a.name)).toEqual(['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky', 'C. -P. Yuan']);
      expect(page.authors.map((a) => a.anchor?.kind === 'link' && a.anchor.element.textContent)).toEqual([
        'C. Balázs',
        'E. L. Berger',
        'P. M. Nadolsky',
        'C.-P. Yuan',
      ]);
      expect(page.hiddenAuthors).toBeNull();
    });

    it.skipIf(!has('rendered-2026-06-29-spinout/abs_2406.05546.html'))('reads the 2026-06-29 redesign like before', () => {
      const spinout = read('rendered-2026-06-29-spinout/abs_2406.05546.html');
      const before = read('rendered-2026-06/abs_2406.05546.html');
      expect(spinout.layout).toBe('abs-outer');
      expect(spinout.authors.map((a) => a.name)).toEqual(before.authors.map((a) => a.name));
      expect(spinout.title).toBe(before.title);
    });
  });
});

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('isAbsPageUrl', () => {
  it.each([
    ['https://arxiv.org/abs/2406.05546', true],
    ['https://arxiv.org/abs/2406.05546v2', true],
    ['https://www.arxiv.org/abs/hep-th/9901001', false],
    ['https://arxiv.org/abs/2406.05546?context=cs#top', true],
    ['http://arxiv.org/abs/2406.05546', false],
    ['https://export.arxiv.org/abs/2406.05546', false],
    ['https://arxiv.org/pdf/2406.05546', false],
    ['https://arxiv.org/list/cs.DC/new', false],
    ['https://arxiv.org/abs/not-an-id', false],
    ['https://example.org/abs/2406.05546', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isAbsPageUrl(url)).toBe(expected);
  });

  it('accepts URL objects', () => {
    expect(isAbsPageUrl(new URL('https://arxiv.org/abs/2406.05546'))).toBe(true);
  });
});

describe('readAbsPaper on minimal pages', () => {
  it('returns null without an abs layout', () => {
    expect(readAbsPaper(parse('<div id="dlpage"></div>'), 'https://arxiv.org/abs/2406.05546')).toBeNull();
  });

  it('returns null when neither URL nor metadata names a paper', () => {
    expect(readAbsPaper(parse('<div id="abs-outer"><div id="abs"></div></div>'), 'https://example.org/')).toBeNull();
  });

  it('falls back to the author links and the heading without citation metas', () => {
    const doc = parse(`<div id="abs"><div class="leftcolumn">
      <h1 class="title mathjax"><span class="descriptor">Title:</span>
        A  title</h1>
      <div class="authors"><span class="descriptor">Authors:</span>
        <a href="https://arxiv.org/search/cs?searchtype=author&query=Cao,+R">Ray  Cao</a>,
        <a href="https://arxiv.org/search/cs?searchtype=author&query=King,+M">Martin King Jr.</a>
      </div></div></div>`);
    const page = readAbsPaper(doc, 'https://arxiv.org/abs/2406.05546v2');
    expect(page?.layout).toBe('legacy');
    expect(page?.title).toBe('A title');
    expect(page?.authors.map((a) => [a.name, a.citationName, a.anchor?.kind, a.hidden])).toEqual([
      ['Ray Cao', 'Ray Cao', 'link', false],
      ['Martin King Jr.', 'Martin King Jr.', 'link', false],
    ]);
  });

  it('keeps the metas as the author list when div.authors is missing', () => {
    const doc = parse(`<head><meta name="citation_author" content="Cao, Ray"></head>
      <body><div id="abs-outer"><div id="abs"></div></div></body>`);
    const page = readAbsPaper(doc, 'https://arxiv.org/abs/2406.05546');
    expect(page?.authors).toEqual([{ index: 0, name: 'Ray Cao', citationName: 'Cao, Ray', anchor: null, hidden: false }]);
    expect(page?.authorsElement).toBeNull();
  });
});

describe('panelInsertionPoint on minimal pages', () => {
  it('goes before the bookmarks without full-text links', () => {
    const doc = parse(`<div id="abs-outer"><div class="extra-services">
      <div class="browse"></div><div class="bookmarks"></div></div></div>`);
    const point = panelInsertionPoint(doc);
    expect(point?.parent.className).toBe('extra-services');
    expect(point?.before).toBe(doc.querySelector('.bookmarks'));
  });

  it('goes at the end of a sidebar with neither', () => {
    const doc = parse('<div id="abs-outer"><div class="extra-services"><div class="browse"></div></div></div>');
    expect(panelInsertionPoint(doc)).toEqual({ parent: doc.querySelector('.extra-services'), before: null });
  });

  it('goes right after the abstract without a sidebar', () => {
    const doc = parse(`<div id="abs-outer"><div id="abs">
      <blockquote class="abstract mathjax">Text</blockquote><div class="metatable"></div></div></div>`);
    const abstract = doc.querySelector('blockquote.abstract');
    expect(panelInsertionPoint(doc)).toEqual({ parent: doc.querySelector('#abs'), before: abstract?.nextSibling });
  });

  it('is null without either', () => {
    expect(panelInsertionPoint(parse('<div id="abs-outer"></div>'))).toBeNull();
  });
});
