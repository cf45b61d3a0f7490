// @vitest-environment happy-dom
import { parseArxivId } from '../ids';
import { nameTokens } from '../names';
import { isAbsPageUrl, panelInsertionPoint, readAbsHead, readAbsPaper, type AbsPaper } from './abs';
import { fixtureDocument, pagesIn, present, sharedPagesAvailable, watchChanges } from './test-helpers';

// The made-up pages of testdata/ always; the shared fixtures' when they are beside the repo.
const available = sharedPagesAvailable('lib/arxiv/readers/abs');
const files = ['testdata', 'rendered-2026-06', 'rendered-2026-06-29-spinout', 'real'].flatMap(pagesIn);

/** The arxiv.org URL a page was served at, from its file name. */
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

const load = (file: string) => fixtureDocument(file, urlOf(file));

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


describe('arXiv pages', () => {
  it('has every kind of page to test', () => {
    // Made up: the current and the legacy layout, a long list; a listing, search results.
    expect(absFiles.length).toBeGreaterThanOrEqual(available ? 19 : 3);
    expect(otherFiles.length).toBeGreaterThanOrEqual(available ? 9 : 3);
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
      expect(read(file).layout).toBe(file.endsWith('_legacy.html') ? 'legacy' : 'abs-outer');
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
      const changes = watchChanges(doc);
      const page = read(file);
      page.locateThrough(page.authors.length - 1);
      panelInsertionPoint(doc);
      expect(changes()).toEqual([]);
    });
  });

  describe.each(otherFiles)('%s (not an abs page)', (file) => {
    it('is not read as an abs page', () => {
      expect(readAbsPaper(load(file), urlOf(file))).toBeNull();
      expect(panelInsertionPoint(load(file))).toBeNull();
    });
  });

  describe('specific pages', () => {
    it.each(present([
      { file: 'testdata/abs_2607.90002v2.html', visible: 5, probe: 7 },
      { file: 'rendered-2026-06/abs_1411.4413.html', visible: 100, probe: 2000 },
    ]))('$file: locates the visible authors at once and the hidden ones on demand', ({ file, visible, probe }) => {
      const page = read(file);
      const shown = page.authors.filter((a) => !a.hidden);
      expect(shown).toHaveLength(visible);
      expect(shown.every((a) => a.anchor !== null)).toBe(true);
      expect(page.authors[probe]!.anchor).toBeNull();
      page.locateThrough(probe);
      const anchor = page.authors[probe]!.anchor;
      expect(anchor?.kind === 'link' && page.hiddenAuthors?.contains(anchor.element)).toBe(true);
      expect(page.authors[probe + 1]!.anchor).toBeNull();
    });

    it.each(present([
      { file: 'testdata/abs_2607.90002v2.html', id: '2607.90002', version: 2, latest: 'testdata/abs_2607.90001.html' },
      { file: 'rendered-2026-06/abs_1607.08199v2.html', id: '1607.08199', version: 2, latest: 'rendered-2026-06/abs_1607.08199.html' },
    ]))('$file: keeps the version of a versioned URL', ({ file, id, version, latest }) => {
      const page = read(file);
      expect([page.arxivId, page.version]).toEqual([id, version]);
      expect(read(latest).version).toBeNull();
    });

    it.each(present([
      { file: 'testdata/abs_nlin_0507001_legacy.html', id: 'nlin/0507001', names: ['I. Kovács', 'J. -L. Moreau', "T. O'Brien"] },
      { file: 'rendered-2026-06/abs_hep-th_9901001.html', id: 'hep-th/9901001', names: ['Yosuke Imamura'] },
    ]))('$file: reads an old-style id', ({ file, id, names }) => {
      const page = read(file);
      expect([page.arxivId, page.version]).toEqual([id, null]);
      expect(page.authors.map((a) => a.name)).toEqual(names);
    });

    // arxiv-browse's test record for cs/0006007 says "Paper: cs/0006008", so the page's
    // metadata disagrees with its URL: the URL wins, the metadata is only a fallback.
    it.each(present([
      { file: 'testdata/abs_2607.90002v2.html', url: 'https://arxiv.org/abs/2607.90009v1', fromUrl: '2607.90009', fromMeta: '2607.90002' },
      { file: 'rendered-2026-06/abs_cs_0006007.html', url: 'https://arxiv.org/abs/cs/0006007v1', fromUrl: 'cs/0006007', fromMeta: 'cs/0006008' },
    ]))('$file: prefers the URL id, else the page metadata', ({ file, url, fromUrl, fromMeta }) => {
      const doc = load(file);
      expect(readAbsPaper(doc, url)?.arxivId).toBe(fromUrl);
      const saved = readAbsPaper(doc, 'file:///tmp/page.html');
      expect([saved?.arxivId, saved?.version]).toEqual([fromMeta, null]);
    });

    it.each(present([
      {
        file: 'testdata/abs_2607.90001.html',
        names: ['Mira Okonkwo-Hale', 'Teodor Väisänen', '王芳', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'],
        kinds: ['link', 'link', 'text', 'link', 'link'],
      },
      {
        file: 'rendered-2026-06/abs_2406.99901.html',
        names: [
          'José María García-López', 'Björn Åström', 'Zoë Dupré', 'François Müller-Schröder', 'Nguyễn Văn An',
          '李明', '佐藤 健', '김민준', 'Łukasz Żyński', 'Søren Østergaard',
        ],
        kinds: ['link', 'link', 'link', 'link', 'link', 'text', 'link', 'text', 'link', 'link'],
      },
    ]))('$file: anchors unlinked CJK names in the text', ({ file, names, kinds }) => {
      const page = read(file);
      expect(page.authors.map((a) => a.name)).toEqual(names);
      expect(page.authors.map((a) => a.anchor?.kind)).toEqual(kinds);
      for (const author of page.authors.filter((a) => a.anchor?.kind === 'text')) {
        const anchor = author.anchor;
        if (anchor?.kind !== 'text') throw new Error('expected a text anchor');
        expect(anchor.node.data.slice(anchor.end - author.name.length, anchor.end)).toBe(author.name);
        expect(anchor.node.data.charAt(anchor.end)).toBe(' ');
        expect(page.authorsElement?.contains(anchor.node)).toBe(true);
      }
    });

    it.each(present([
      {
        file: 'testdata/abs_2607.90002v2.html', count: 9, visible: 5,
        first: ['the Lantern Array Collaboration', 'K. Abara', 'O. Brennan'], named: ['Gallagher Jr., N.', 'N. Gallagher Jr.'],
      },
      {
        file: 'rendered-2026-06/abs_1411.4413.html', count: 2832, visible: 100,
        first: ['The CMS', 'LHCb Collaborations', 'V. Khachatryan', 'A. M. Sirunyan'], named: ['Finger Jr., M.', 'M. Finger Jr.'],
      },
    ]))('$file: reads a long author list, the authors past the first hidden', ({ file, count, visible, first, named }) => {
      const page = read(file);
      expect(page.authors).toHaveLength(count);
      expect(page.authors.slice(0, first.length).map((a) => a.name)).toEqual(first);
      expect(page.authors.slice(0, visible).every((a) => !a.hidden)).toBe(true);
      expect(page.authors.slice(visible).every((a) => a.hidden)).toBe(true);
      expect(page.hiddenAuthors?.id).toBe('long-author-list');
      expect(page.longListToggle?.id).toBe('toggle');
      expect(page.authors.find((a) => a.citationName === named[0])?.name).toBe(named[1]);
    });

    it.each(present([
      { file: 'testdata/abs_2607.90002v2.html', at: 0, citationName: 'Collaboration, the Lantern Array', printed: 'The Lantern Array Collaboration' },
      { file: 'rendered-2026-06/abs_1902.11195.html', at: -1, citationName: 'Collaboration, for the Super-FRS Experiment', printed: 'Super-FRS Experiment Collaboration' },
    ]))('$file: matches a collaboration written in another order', ({ file, at, citationName, printed }) => {
      const author = read(file).authors.at(at);
      expect(author?.citationName).toBe(citationName);
      expect(author?.anchor?.kind === 'link' && author.anchor.element.textContent).toBe(printed);
    });

    // The Perl pages have citation_author metas, div.authors with search links and the sidebar
    // (placed before .leftcolumn), so they are read as full pages, layout 'legacy'.
    it.each(present([
      {
        file: 'testdata/abs_nlin_0507001_legacy.html', id: 'nlin/0507001',
        names: ['I. Kovács', 'J. -L. Moreau', "T. O'Brien"], printed: ['I. Kovács', 'J.-L. Moreau', "T. O'Brien"],
      },
      {
        file: 'real/2018-08_abs_0704.0001_legacy.html', id: '0704.0001',
        names: ['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky', 'C. -P. Yuan'], printed: ['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky', 'C.-P. Yuan'],
      },
    ]))('$file: reads a legacy page', ({ file, id, names, printed }) => {
      const page = read(file);
      expect(page.layout).toBe('legacy');
      expect([page.arxivId, page.version]).toEqual([id, null]);
      expect(page.authors.map((a) => a.name)).toEqual(names);
      expect(page.authors.map((a) => a.anchor?.kind === 'link' && a.anchor.element.textContent)).toEqual(printed);
      expect(page.hiddenAuthors).toBeNull();
    });

    const training = {
      title: 'Training Through Failure: Effects of Data Consistency in Parallel Machine Learning Training',
      names: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'],
    };
    it.each(present([
      {
        file: 'testdata/abs_2607.90001.html',
        title: 'Gossip Rounds for Sparse Parameter Exchange in $\\mathcal{O}(\\log n)$ Steps',
        names: ['Mira Okonkwo-Hale', 'Teodor Väisänen', '王芳', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'],
      },
      { file: 'rendered-2026-06/abs_2406.05546.html', ...training },
      // The 2026-06-29 redesign, read like before.
      { file: 'rendered-2026-06-29-spinout/abs_2406.05546.html', ...training },
    ]))('$file: reads the title and the names', ({ file, title, names }) => {
      const page = read(file);
      expect(page.layout).toBe('abs-outer');
      expect(page.title).toBe(title);
      expect(page.authors.map((a) => a.name)).toEqual(names);
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
