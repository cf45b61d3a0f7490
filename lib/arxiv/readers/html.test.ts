// @vitest-environment happy-dom
import { collapseSpaces } from '../names';
import type { PageAuthor, PagePaper } from '../page-model';
import { htmlLayout, isHtmlViewUrl, readHtmlPage, readHtmlTheme } from './html';
import { fixtureDocument, hasFixture, htmlViewExpectations, loadHtml, pageText, present, sharedPagesAvailable, watchChanges } from './test-helpers';

interface ExpectedPerson {
  name: string;
  citation_author_index: number;
  affiliation_shown_on_this_creator?: string[];
  own_affiliation_per_abs?: string[];
  institute_block?: number;
}

interface ExpectedFile {
  author_block: ExpectedPerson[];
  appendix_A1?: ExpectedPerson[];
  author_block_collaboration?: { text: string; naive_matches_not_persons: [string, number][] };
  orcid?: { name: string; id: string };
  nameless_creator?: { affiliation: string[]; belongs_to: string };
  misplaced_email?: { address: string; belongs_to: string; shown_on_creator_of: string };
}

sharedPagesAvailable('lib/arxiv/readers/html');
const expected = htmlViewExpectations<ExpectedFile>();
const fixtureFiles = Object.keys(expected);

/** The URL a page was served at: `…/html_2406.05546v1.html` → /html/2406.05546v1. */
function urlOf(file: string): string {
  return `https://arxiv.org/html/${file.replace(/^.*\/html_/, '').replace(/\.html$/, '')}`;
}

const load = (file: string) => fixtureDocument(file, urlOf(file));


function paperOf(doc: Document, url: string): PagePaper {
  const page = readHtmlPage(doc, url);
  if (!page) throw new Error(`${url}: not read as an HTML view`);
  expect(page.type).toBe('html');
  expect(page.papers).toHaveLength(1);
  return page.papers[0]!;
}

/**
 * How long a read takes once the DOM has warmed up (happy-dom caches its query results): the
 * fastest of several reads, as a busy machine stalls some of them, never all.
 */
function readTime(doc: Document, url: string): number {
  paperOf(doc, url);
  let best = Infinity;
  for (let k = 0; k < 9; k++) {
    const started = performance.now();
    paperOf(doc, url);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** The persons a fixture should yield: the author block's, else the appendix member list's. */
function expectedPersons(file: string): ExpectedPerson[] {
  const entry = expected[file]!;
  return entry.author_block.length > 0 ? entry.author_block : (entry.appendix_A1 ?? []);
}

/** The printed text that ends where the anchor is (a link's text, or the text node up to `end`). */
function textBefore(author: PageAuthor): string {
  const anchor = author.anchor;
  if (!anchor) return '';
  return anchor.kind === 'link' ? (anchor.element.textContent ?? '') : anchor.node.data.slice(0, anchor.end);
}

function lastWord(name: string): string {
  return name.split(/\s+/).at(-1) ?? '';
}

function person(paper: PagePaper, name: string): PageAuthor {
  const found = paper.authors.find((author) => author.name === name);
  if (!found) throw new Error(`${name} not read`);
  return found;
}

describe('HTML views', () => {
  it('has every page the expectations describe', () => {
    expect(fixtureFiles.length).toBeGreaterThanOrEqual(2);
    for (const file of fixtureFiles) expect(hasFixture(file)).toBe(true);
  });

  describe.each(fixtureFiles)('%s', (file) => {
    it('reads the id from the URL and the version and primary category from the page', () => {
      const [, id = '', version = ''] = /html_(.+)v(\d+)\.html$/.exec(file) ?? [];
      const paper = paperOf(load(file), urlOf(file));
      expect(paper.arxivId).toBe(id);
      expect(paper.version).toBe(Number(version));
      expect(paper.primaryCategory).toMatch(/^[a-z-]+(\.[A-Za-z-]+)?$/);
      // /html/<id> serves the latest version without saying so in the URL: the watermark does.
      const unversioned = paperOf(load(file), `https://arxiv.org/html/${id}`);
      expect(unversioned.version).toBe(Number(version));
    });

    it('finds exactly the persons the page names, in page order', () => {
      const paper = paperOf(load(file), urlOf(file));
      const names = expectedPersons(file).map((p) => collapseSpaces(p.name));
      expect(paper.authors.map((a) => a.name)).toEqual(names);
      expect(paper.authors.map((a) => a.citationName)).toEqual(names);
      expect(paper.authors.map((a) => a.index)).toEqual(names.map((_, i) => i));
      expect(paper.authors.every((a) => !a.hidden)).toBe(true);
    });

    it('anchors each person right after the name, inside the printed name', () => {
      const doc = load(file);
      const paper = paperOf(doc, urlOf(file));
      const block = paper.authorsElement!;
      for (const author of paper.authors) {
        expect(author.anchor?.kind).toBe('text');
        if (author.anchor?.kind !== 'text') continue;
        const { node, end } = author.anchor;
        expect(collapseSpaces(textBefore(author)).endsWith(lastWord(author.name))).toBe(true);
        // Not inside a word: what follows is no letter.
        expect(node.data.charAt(end)).not.toMatch(/\p{L}/u);
        const parent = node.parentElement!;
        expect(parent.closest('.ltx_note, .ltx_author_notes, sup')).toBeNull();
        if (block.contains(node)) expect(parent.closest('.ltx_personname')).not.toBeNull();
        else expect(parent.closest('section.ltx_appendix')).not.toBeNull();
      }
    });

    it('reads the title as printed, math as its TeX', () => {
      const paper = paperOf(load(file), urlOf(file));
      expect(paper.title).not.toBe('');
      expect(paper.title).not.toMatch(/\s\s|^\s|\s$/);
      expect(paper.element.matches('article.ltx_document')).toBe(true);
      expect(paper.authorsElement?.matches('div.ltx_authors')).toBe(true);
    });

    it('changes nothing on the page', () => {
      const doc = load(file);
      const changes = watchChanges(doc);
      paperOf(doc, urlOf(file));
      htmlLayout(doc);
      expect(changes()).toEqual([]);
    });
  });

  const exampleUniversity = { affiliations: ['Department of Computer Science, Example University'], orcid: null, emailDomains: ['cs.example.org'] };
  it.each(present([
    {
      file: 'testdata/html/html_2607.90001v1.html', marked: 'Teodor Väisänen',
      evidence: [
        { affiliations: ['Institute of Made-Up Networks, Examplia'], orcid: '0000-0002-9999-0001', emailDomains: ['networks.example'] },
        { affiliations: ['Placeholder Polytechnic, Testland'], orcid: null, emailDomains: ['poly.example'] },
        // No e-mail confirms this creator is hers: her affiliation is the paper's.
        undefined,
        { affiliations: ['Placeholder Polytechnic, Testland'], orcid: null, emailDomains: ['poly.example'] },
        { affiliations: ['Institute of Made-Up Networks, Examplia'], orcid: null, emailDomains: ['networks.example'] },
      ],
      paper: { affiliations: ['Institute of Made-Up Networks, Examplia'], emailDomains: [] },
    },
    {
      file: 'html/html_2406.05546v1.html', marked: 'Sherry Luo',
      evidence: [exampleUniversity, exampleUniversity, exampleUniversity, { affiliations: ['Example Cloud Research Lab'], orcid: null, emailDomains: ['example.com'] }],
      paper: { affiliations: [], emailDomains: [] },
    },
  ]))('$file: one creator per author; footnote marks are not part of names; e-mails confirm each creator', ({ file, marked, evidence, paper: printed }) => {
    const paper = paperOf(load(file), urlOf(file));
    expect(textBefore(person(paper, marked))).toBe(marked);
    expect(paper.authors.map((a) => a.printed)).toEqual(evidence);
    expect(paper.printed).toEqual(printed);
  });

  it.each(present([{ file: 'html/html_2403.10561v1.html' }]))(
    '$file: nine names in one tabular personname; affiliation line, e-mails and marks are not names',
    ({ file }) => {
      const doc = load(file);
      const paper = paperOf(doc, urlOf(file));
      const personNames = new Set(paper.authors.map((a) => a.anchor?.kind === 'text' && a.anchor.node.parentElement?.closest('.ltx_personname')));
      expect(personNames.size).toBe(1);
      expect(paper.authors).toHaveLength(9);
      for (const { name } of paper.authors) expect(name).not.toMatch(/[@{}\d]|University|Lab|Institute/);
      // The marks tie names to the numbered affiliations printed once below them.
      expect(person(paper, 'Dimitris Spathis').printed?.affiliations).toEqual(['University of Exampleton', 'Example Research Lab']);
      expect(person(paper, 'Stefanos Laskaridis').printed?.affiliations).toEqual(['Example Research Lab']);
      expect(person(paper, 'Patrick Schwab').printed?.affiliations).toEqual(['Example Health AG']);
      // {spathis, tang, tailor}@example.org: three addresses, each tied to its name.
      const withEmail = paper.authors.filter((a) => a.printed?.emailDomains.length).map((a) => a.name);
      expect(withEmail).toEqual(['Dimitris Spathis', 'Chi Ian Tang', 'Shyam Tailor']);
      expect(person(paper, 'Chi Ian Tang').printed?.emailDomains).toEqual(['example.org']);
      // The ORCID link after the last name is that name's, and no one else's.
      const orcid = expected[file]!.orcid!;
      expect(paper.authors.filter((a) => a.printed?.orcid).map((a) => [a.name, a.printed?.orcid])).toEqual([[orcid.name, orcid.id]]);
      expect(paper.printed).toEqual({ affiliations: [], emailDomains: [] });
    },
  );

  it.each(present([{ file: 'html/html_2406.99901v1.html' }]))(
    '$file: affiliations shifted by one creator are attached to no one; the misplaced e-mail goes to its owner',
    ({ file }) => {
      const entry = expected[file]!;
      const paper = paperOf(load(file), urlOf(file));
      for (const author of paper.authors) expect(author.printed?.affiliations ?? []).toEqual([]);
      // All of them are still evidence for the paper.
      const shown = new Set([
        ...entry.author_block.flatMap((p) => p.affiliation_shown_on_this_creator ?? []),
        ...entry.nameless_creator!.affiliation,
      ]);
      expect(new Set(paper.printed?.affiliations)).toEqual(shown);
      const email = entry.misplaced_email!;
      expect(person(paper, email.belongs_to).printed).toEqual({ affiliations: [], orcid: null, emailDomains: ['example.org'] });
      expect(person(paper, email.shown_on_creator_of).printed).toBeUndefined();
      expect(paper.printed?.emailDomains).toEqual([]);
      // The personname that starts with a line break.
      expect(textBefore(person(paper, 'Nguyễn Văn An')).trim()).toBe('Nguyễn Văn An');
    },
  );

  it.each(present([
    { file: 'testdata/html/html_2607.90002v2.html', apart: ['N. Gallagher', 'N. Gallagher Jr.'] },
    { file: 'html/html_1411.4413v2.html', apart: ['M. Finger', 'M. Finger Jr.'] },
  ]))('$file: the collaboration gets no slot; the appendix member list gives the persons', ({ file, apart: [before, after] }) => {
    const entry = expected[file]!;
    const paper = paperOf(load(file), urlOf(file));
    const names = paper.authors.map((a) => a.name);
    expect(names).toHaveLength(entry.appendix_A1!.length);
    for (const [trap] of entry.author_block_collaboration!.naive_matches_not_persons) expect(names).not.toContain(trap);
    expect(names.filter((name) => /collaboration/i.test(name))).toEqual([]);
    for (const author of paper.authors) {
      expect(author.anchor?.kind === 'text' && paper.authorsElement!.contains(author.anchor.node)).toBe(false);
    }
    // Each member's institute is the heading of the block it is listed in.
    entry.appendix_A1!.forEach((member, i) => {
      const institute = `Synthetic Institute ${String(member.institute_block).padStart(2, '0')}, `;
      expect(paper.authors[i]?.printed?.affiliations).toEqual([expect.stringContaining(institute)]);
    });
    // Two members listed one after the other are two persons, however alike their names.
    expect(person(paper, after!).index).toBe(names.indexOf(before!) + 1);
  });

  it.each(present([{ file: 'html/html_1411.4413v2.html' }]))('$file: reads the 300-name member list quickly', ({ file }) => {
    expect(readTime(load(file), urlOf(file))).toBeLessThan(300);
  });

  it.each(present([
    { file: 'testdata/html/html_2607.90001v1.html' },
    { file: 'html/html_2406.05546v1.html' },
  ]))('$file: lays out around the article and follows <html data-theme>', ({ file }) => {
    const doc = loadHtml(pageText(file), urlOf(file));
    const layout = htmlLayout(doc)!;
    expect(layout.article.matches('article.ltx_document')).toBe(true);
    expect(layout.pageMain?.matches('div.ltx_page_main')).toBe(true);
    expect(layout.pageMain?.contains(layout.article)).toBe(true);
    expect(layout.header?.matches('header.arxiv-html-header')).toBe(true);
    // Without scripts the head script never sets the theme.
    expect(readHtmlTheme(doc)).toBeNull();
    doc.documentElement.setAttribute('data-theme', 'dark');
    expect(readHtmlTheme(doc)).toBe('dark');
    doc.documentElement.setAttribute('data-theme', 'light');
    expect(readHtmlTheme(doc)).toBe('light');
    doc.documentElement.setAttribute('data-theme', 'automatic');
    expect(readHtmlTheme(doc)).toBeNull();
  });

  it.each(present([
    { file: 'testdata/abs_2607.90001.html', url: 'https://arxiv.org/abs/2607.90001' },
    { file: 'rendered-2026-06/abs_2406.05546.html', url: 'https://arxiv.org/abs/2406.05546' },
  ]))('$file: finds no HTML view in an abs page', ({ file, url }) => {
    const doc = fixtureDocument(file, url);
    expect(readHtmlPage(doc, url.replace('/abs/', '/html/'))).toBeNull();
    expect(htmlLayout(doc)).toBeNull();
  });
});

describe('isHtmlViewUrl', () => {
  it.each([
    'https://arxiv.org/html/2406.05546',
    'https://arxiv.org/html/2406.05546v1',
    'https://arxiv.org/html/2406.05546v1/',
    'https://arxiv.org/html/2406.05546v1#S1',
    'https://arxiv.org/html/2406.05546v1?_immersive_translate_auto_translate=1',
    'https://arxiv.org/html/hep-th/9901001v1',
    'https://arxiv.org/html/math/0601001',
  ])('takes %s', (url) => {
    expect(isHtmlViewUrl(url)).toBe(true);
  });

  it.each([
    'http://arxiv.org/html/2406.05546v1',
    'https://export.arxiv.org/html/2406.05546v1',
    'https://services.arxiv.org/html/submission/123/view',
    'https://arxiv.org/abs/2406.05546v1',
    'https://arxiv.org/pdf/2406.05546v1',
    'https://arxiv.org/html/2406.05546v1/x1.png',
    'https://arxiv.org/html/2406.05546v1/__stdout.txt',
    'https://arxiv.org/html/',
    'https://arxiv.org/html/2406.5546',
    'https://example.org/html/2406.05546v1',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isHtmlViewUrl(url)).toBe(false);
  });
});

describe('readHtmlPage on markup variations', () => {
  const URL_ = 'https://arxiv.org/html/2406.05546v1';

  function pageWith(authors: string, { after = '', head = '' } = {}): Document {
    return new DOMParser().parseFromString(
      `<!DOCTYPE html><html><head>${head}</head><body><div class="ltx_page_main"><div class="ltx_page_content">` +
        `<article class="ltx_document"><h1 class="ltx_title ltx_title_document">A title</h1>` +
        `<div class="ltx_authors">${authors}</div>${after}</article></div></div></body></html>`,
      'text/html',
    );
  }
  const creator = (personName: string, notes = '') =>
    `<span class="ltx_creator ltx_role_author"><span class="ltx_personname">${personName}</span>` +
    (notes && `<span class="ltx_author_notes"><span class="ltx_author_notes_content">${notes}</span></span>`) +
    `</span><span class="ltx_author_before">\u2003\u2003</span>`;
  const contact = (role: string, label: string, body: string) =>
    `<span class="ltx_contact ltx_role_${role}"><span class="ltx_contact_name">${label}:\u00a0</span>${body}</span>`;
  const names = (paper: PagePaper) => paper.authors.map((a) => a.name);

  it('splits names joined by commas and line breaks; a brace group of addresses gives each its domain', () => {
    const paper = paperOf(
      pageWith(
        creator(
          'Zichuan Li,\nJian Cui,\nAshley Chen,\nXiaojing Liao,\nLuyi Xing\n',
          contact(
            'affiliation',
            'Affiliation',
            'University of Illinois Urbana-Champaign\n<br class="ltx_break">{zichuan7, jiancui3, ajchen8, xjliao, lxing2}@illinois.edu',
          ),
        ),
      ),
      URL_,
    );
    expect(names(paper)).toEqual(['Zichuan Li', 'Jian Cui', 'Ashley Chen', 'Xiaojing Liao', 'Luyi Xing']);
    for (const author of paper.authors) expect(author.printed?.emailDomains).toEqual(['illinois.edu']);
    // Shared by five names in one creator: the markup does not say it is each one's.
    for (const author of paper.authors) expect(author.printed?.affiliations).toEqual([]);
    expect(paper.printed).toEqual({ affiliations: ['University of Illinois Urbana-Champaign'], emailDomains: [] });
  });

  it('takes a table column\'s first row as its names and the rows under them as affiliations', () => {
    const column = (...rows: string[]) =>
      `<span class="ltx_tabular"><span class="ltx_tbody">${rows.map((row) => `<span class="ltx_tr"><span class="ltx_td">${row}</span></span>`).join('\n')}</span></span>`;
    const paper = paperOf(
      pageWith(creator(`${column('Alice Smith', 'Example Labs', 'Berlin')}  and ${column('Bob Jones', 'Stanford', 'bob@stanford.edu')}`)),
      URL_,
    );
    expect(names(paper)).toEqual(['Alice Smith', 'Bob Jones']);
    expect(person(paper, 'Bob Jones').printed?.emailDomains).toEqual(['stanford.edu']);
    expect(paper.printed?.affiliations).toEqual(['Example Labs', 'Berlin', 'Stanford']);
  });

  it('splits "A  and B" and reads an address from the text of an empty mailto link', () => {
    const paper = paperOf(
      pageWith(
        creator('Matías Blaña  and Marcelo D. Mora') +
          creator(
            'Noam Shazeer',
            contact('affiliation', 'Affiliation', 'Google Brain') +
              contact('email', 'Email', '<a href="mailto:"><span class="ltx_text ltx_font_typewriter">noam@google.com</span></a>'),
          ),
      ),
      URL_,
    );
    expect(names(paper)).toEqual(['Matías Blaña', 'Marcelo D. Mora', 'Noam Shazeer']);
    expect(person(paper, 'Noam Shazeer').printed).toEqual({ affiliations: ['Google Brain'], orcid: null, emailDomains: ['google.com'] });
    expect(person(paper, 'Matías Blaña').printed).toBeUndefined();
  });

  it('keeps an affiliation on its creator only when that creator\'s e-mail names its person', () => {
    const paper = paperOf(
      pageWith(
        creator('Ray Cao', contact('affiliation', 'Affiliation', 'MIT') + contact('email', 'Email', '<a href="mailto:sgan@mit.edu">sgan@mit.edu</a>')) +
          creator('Steve Gan', contact('affiliation', 'Affiliation', 'Stanford University')),
      ),
      URL_,
    );
    // Ray Cao's creator carries Steve Gan's address: the creators are shifted.
    expect(person(paper, 'Ray Cao').printed).toBeUndefined();
    expect(person(paper, 'Steve Gan').printed).toEqual({ affiliations: [], orcid: null, emailDomains: ['mit.edu'] });
    expect(paper.printed?.affiliations).toEqual(['MIT', 'Stanford University']);
  });

  it('gives a lone author what the block prints: name, e-mail and numbered affiliations in one personname', () => {
    const paper = paperOf(
      pageWith(
        creator(
          'Nik Bear Brown <br class="ltx_break"><span class="ltx_text ltx_font_typewriter">ni.brown@neu.edu</span><br class="ltx_break">' +
            '<sup class="ltx_sup">1</sup>Abecedarian, LLC <br class="ltx_break"><sup class="ltx_sup">2</sup>Northeastern University',
        ),
      ),
      URL_,
    );
    expect(names(paper)).toEqual(['Nik Bear Brown']);
    expect(person(paper, 'Nik Bear Brown').printed).toEqual({
      affiliations: ['Abecedarian, LLC', 'Northeastern University'],
      orcid: null,
      emailDomains: ['neu.edu'],
    });
  });

  it('takes no affiliation printed on the name line for a name', () => {
    const paper = paperOf(
      pageWith(creator('Alice Smith<sup>1</sup>\u2003\u2003<sup>1</sup>Universidad de Sevilla, Spain') + creator('First Author\u2003Affiliation')),
      URL_,
    );
    expect(names(paper)).toEqual(['Alice Smith', 'First Author']);
    // Its mark still says whose it is.
    expect(person(paper, 'Alice Smith').printed?.affiliations).toEqual(['Universidad de Sevilla, Spain']);
  });

  it('does not tie an address that fits two names', () => {
    const paper = paperOf(pageWith(creator('John Smith') + creator('Jane Smith', contact('email', 'Email', 'smith@example.org'))), URL_);
    expect(paper.authors.map((a) => a.printed)).toEqual([undefined, undefined]);
    expect(paper.printed?.emailDomains).toEqual(['example.org']);
  });

  it('anchors a linked name on its link, and keeps a suffix after a comma with its name', () => {
    const paper = paperOf(
      pageWith(creator('<a href="https://example.org/~alice" class="ltx_ref">Alice Smith</a>') + creator('Martin King, Jr.<sup>1</sup>')),
      URL_,
    );
    expect(names(paper)).toEqual(['Alice Smith', 'Martin King Jr.']);
    expect(paper.authors[1]?.citationName).toBe('Martin King, Jr.');
    const [alice, king] = paper.authors;
    expect(alice?.anchor?.kind === 'link' && alice.anchor.element.getAttribute('href')).toBe('https://example.org/~alice');
    expect(king?.anchor?.kind === 'text' && king.anchor.node.data.slice(0, king.anchor.end)).toBe('Martin King, Jr.');
  });

  it('reads ORCIDs from a link or text after a name, and from a confirmed creator\'s contact', () => {
    const paper = paperOf(
      pageWith(
        creator('Ada Lovelace \\orcidlink{0000-0002-1825-0097}') +
          creator(
            'Alan Turing',
            contact('email', 'Email', 'aturing@example.org') +
              contact('orcid', 'OrcID', '<a href="https://orcid.org/0000-0001-5109-3700">0000-0001-5109-3700</a>'),
          ) +
          creator('Grace Hopper', contact('orcid', 'OrcID', '<a href="https://orcid.org/0000-0002-1694-233X">0000-0002-1694-233X</a>')),
      ),
      URL_,
    );
    expect(names(paper)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(paper.authors.map((a) => a.printed?.orcid ?? null)).toEqual(['0000-0002-1825-0097', '0000-0001-5109-3700', null]);
  });

  it('gives a collaboration named beside persons no slot', () => {
    const paper = paperOf(
      pageWith(creator('Alice Smith, Bob Jones and the ATLAS Collaboration') + creator('The LIGO Scientific Collaboration and the Virgo Collaboration')),
      URL_,
    );
    expect(names(paper)).toEqual(['Alice Smith', 'Bob Jones']);
  });

  it('reads an older page: no scaffold, the version from <base>', () => {
    const doc = pageWith(creator('Ray Cao'), { head: '<base href="/html/2406.05546v3/">' });
    const paper = paperOf(doc, 'https://arxiv.org/html/2406.05546');
    expect(paper.arxivId).toBe('2406.05546');
    expect(paper.version).toBe(3);
    expect(paper.primaryCategory).toBeNull();
    expect(names(paper)).toEqual(['Ray Cao']);
  });

  it('reads an article without an author block as a paper without authors', () => {
    const doc = new DOMParser().parseFromString('<article class="ltx_document"><h1 class="ltx_title_document">Untitled Document</h1></article>', 'text/html');
    const paper = paperOf(doc, URL_);
    expect(paper.authors).toEqual([]);
    expect(paper.authorsElement).toBeNull();
    expect(paper.title).toBe('Untitled Document');
  });

  it('returns null, and says nothing, for markup it does not know or a URL that names no paper', () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const log = vi.spyOn(console, 'log');
    const unknown = new DOMParser().parseFromString('<main><h1>Not LaTeXML</h1><div class="authors">Ray Cao</div></main>', 'text/html');
    expect(readHtmlPage(unknown, URL_)).toBeNull();
    expect(readHtmlPage(pageWith(creator('Ray Cao')), 'https://arxiv.org/html/')).toBeNull();
    expect([...warn.mock.calls, ...error.mock.calls, ...log.mock.calls]).toEqual([]);
  });

  describe('cost', () => {
    const letters = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
    const surname = (i: number) => `Qu${letters(i)}`;
    const creators = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        creator(
          `Given ${surname(i)}<span class="ltx_note ltx_role_footnotemark"><sup class="ltx_note_mark">1</sup></span>`,
          contact('affiliation', 'Affiliation', `Institute ${surname(i)}`) +
            contact('email', 'Email', `g${surname(i).toLowerCase()}@example.org`),
        ),
      ).join('');
    // A tabular \author block: every name in one personname.
    const oneLine = (count: number) =>
      creator(Array.from({ length: count }, (_, i) => `Given ${surname(i)}<sup class="ltx_sup">1</sup>`).join(', '));

    it.each([
      ['one creator per author', creators],
      ['all names in one personname', oneLine],
    ])('reads %s in one linear pass: ten times the authors take about ten times as long', (_, make) => {
      const small = pageWith(make(100));
      const large = pageWith(make(1000));
      const paper = paperOf(large, URL_);
      expect(paper.authors).toHaveLength(1000);
      expect(paper.authors[999]?.name).toBe(`Given ${surname(999)}`);
      // Quadratic work would take a hundred times as long.
      expect(readTime(large, URL_)).toBeLessThan(50 * readTime(small, URL_) + 20);
    });
  });
});
