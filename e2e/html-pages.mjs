// arXiv HTML paper views for the end-to-end tests: the synthetic fixture pages of the shared
// workspace (read in place: ../shared/fixtures/arxiv-pages/html/, with expected_authors.json),
// their papers' author lists from the matching abs fixtures, the older page generation made from
// them, and a stand-in for arXiv's HTML-view stylesheet written from docs/arxiv-pages.md ("Layout
// and the free column", "Dark mode and reading mode"): the grid and the colour tokens, nothing else.

import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';
import { esc } from './pages.mjs';

export const HTML_FIXTURES = path.join(ROOT, '..', 'shared', 'fixtures', 'arxiv-pages');
const EXPECTED = path.join(HTML_FIXTURES, 'html', 'expected_authors.json');

/** Why the HTML-view tests cannot run here, or null. */
export function htmlFixturesMissing() {
  return fs.existsSync(EXPECTED) ? null : `the shared HTML-view fixtures are not checked out beside the repo (${path.relative(ROOT, EXPECTED)})`;
}

export const HTML_VIEW_CSS = `
:root, [data-theme="light"] { --text-color: black; --background-color: #ffffff; --link-text-color: #1b7cac; --header-background-color: #1c1a17; }
[data-theme="dark"] { --text-color: #f9f7f7; --background-color: #282623; --link-text-color: #2198d4; }
body { margin: 0; background-color: var(--background-color); color: var(--text-color); }
a { color: var(--link-text-color); }
header.arxiv-html-header, header.desktop_header { position: sticky; top: 0; z-index: 2; background-color: var(--header-background-color); color: #fff; min-height: 3rem; }
.ltx_author_before, .ltx_author_after { display: none; }
html[data-reading-mode="enabled"] header.arxiv-html-header { display: none; }
@media (min-width: 1280px) {
  body { display: grid; grid-template-columns: 1fr minmax(14rem, 25rem) 52rem minmax(14rem, 25rem) 1fr;
    grid-template-areas: "announce announce announce announce announce" "header header header header header" ". nav article . ." "footer footer footer footer footer" "sitefoot sitefoot sitefoot sitefoot sitefoot"; }
  .ds-announcement { grid-area: announce; }
  header.arxiv-html-header, header.desktop_header { grid-area: header; }
  nav.ltx_page_navbar { grid-area: nav; position: sticky; top: 10vh; height: 90vh; overflow: auto; align-self: start; }
  div.ltx_page_main { grid-area: article; contain: layout; min-width: 0; }
  footer.arxiv-html-footer { grid-area: footer; }
  footer.ds-site-footer { grid-area: sitefoot; }
}
@media (max-width: 1279.98px) { html:not([data-toc-display="block"]) nav.ltx_page_navbar { display: none; } }
`;

const expected = () => JSON.parse(fs.readFileSync(EXPECTED, 'utf8')).files;
const decode = (s) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The HTML-view fixture files, e.g. `html_2406.05546v1.html`. */
export const htmlFixtureFiles = () => Object.keys(expected());

/**
 * One fixture: its id and version, the page, the paper's author list as the catalogs hold it (the
 * abs page's citation_author entries with a letter, as {first, last}), and who the page names:
 * [{index (in that list), name, where}] plus the collaboration's pieces (indices, not persons).
 */
export function htmlFixture(file) {
  const e = expected()[file];
  const [, id, version] = /^html_(.+)v(\d+)\.html$/.exec(file);
  const html = fs.readFileSync(path.join(HTML_FIXTURES, 'html', file), 'utf8');
  const raw = [...fs.readFileSync(path.join(HTML_FIXTURES, e.abs_page), 'utf8').matchAll(/<meta name="citation_author" content="([^"]*)"/g)].map((m) => decode(m[1]));
  const toList = new Map();
  const authors = [];
  raw.forEach((name, j) => {
    if (!/\p{L}/u.test(name)) return; // arXiv's stray ":" entry is no author
    toList.set(j, authors.length);
    const k = name.indexOf(',');
    authors.push(k < 0 ? { first: name.trim(), last: '' } : { first: name.slice(k + 1).trim(), last: name.slice(0, k).trim() });
  });
  const persons = [
    ...e.author_block.map((p) => ({ ...p, where: 'author block' })),
    ...(e.appendix_A1 ?? []).map((p) => ({ ...p, where: 'appendix' })),
  ].map((p) => ({ index: toList.get(p.citation_author_index), name: p.name, where: p.where }));
  const collaboration = e.author_block_collaboration
    ? { text: e.author_block_collaboration.text, pieces: e.author_block_collaboration.citation_author_indices_not_persons.map((j) => toList.get(j)).filter((i) => i != null) }
    : null;
  const title = /<title>([^<]*)<\/title>/.exec(html)[1];
  return { file, id, version: Number(version), url: `https://arxiv.org/html/${id}v${version}`, html, title, authors, persons, collaboration, entry: e };
}

/**
 * The same page as the pre-2026 pipeline served it: the converter's file untouched (no arXiv
 * header, infobox or footers in the markup; `<base href>` and addons_new.js in the head), its
 * chrome built by script after load — here an inline script that adds `header.desktop_header`
 * and `#target-section` a moment later, moving the article down under Weft's feet.
 */
export function olderGeneration(html, id, version) {
  return html
    .replace(/<dialog[\s\S]*?<\/dialog>/, '')
    .replace(/<div class="ds-announcement"[\s\S]*?<\/div>\s*(?=<header)/, '')
    .replace(/<header class="arxiv-html-header">[\s\S]*?<\/header>/, '')
    .replace(/<div id="infobox"[\s\S]*?<\/div>\s*<\/div>(?=<div class="ltx_page_content">)/, '')
    .replace(/<footer class="arxiv-html-footer">[\s\S]*<\/footer>/, '')
    .replace(/<div id="fixed-buttons-container">[\s\S]*?<\/div>(?=<\/body>)/, '')
    .replace('</head>', `<base href="/html/${id}v${version}/"><script src="/static/browse/0.3.0/js/addons_new.js"></script></head>`)
    .replace('</body>', `<script>setTimeout(() => {
  const header = document.createElement('header');
  header.className = 'desktop_header';
  header.textContent = 'arXiv';
  document.body.prepend(header);
  const target = document.createElement('div');
  target.id = 'target-section';
  target.innerHTML = '<a id="license-tr">License: CC BY 4.0</a><div id="watermark-tr">arXiv:${id}v${version}</div>';
  target.style.height = '120px';
  document.querySelector('.ltx_page_main').prepend(target);
}, 400);</script></body>`);
}

/**
 * A small HTML view in the 2026 scaffold: one creator per author with its affiliation and
 * e-mail contacts, as LaTeXML writes them (docs/arxiv-pages.md, "Author block").
 * @param {{id: string, version?: number, title: string, category?: string, creators: {name: string, affiliation?: string, email?: string}[]}} o
 */
export function htmlViewPage({ id, version = 1, title, category = 'cs.DC', creators }) {
  const contact = (role, label, text) => `<span class="ltx_contact ltx_role_${role}"><span class="ltx_contact_name">${label}:\u00a0</span>${esc(text)}</span>`;
  const block = creators.map((c, k) => `${k ? '<span class="ltx_author_before">\u2003\u2003</span>' : ''}<span class="ltx_creator ltx_role_author"><span class="ltx_personname">${esc(c.name)}</span>`
    + `<span class="ltx_author_notes"><span class="ltx_author_notes_content">${c.affiliation ? contact('affiliation', 'Affiliation', c.affiliation) : ''}${c.email ? contact('email', 'Email', c.email) : ''}</span></span></span>`).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>${esc(title)}</title>
<link rel="stylesheet" href="/static/browse/0.3.4/css/arxiv-html-papers-20260823.css" type="text/css"></head>
<body><header class="arxiv-html-header"><a title="Back to abstract page" href="/abs/${id}v${version}">Back to Abstract</a></header>
<nav class="ltx_page_navbar"><nav class="ltx_TOC"><ol class="ltx_toclist"><li class="ltx_tocentry"><a href="#S1">1 Introduction</a></li></ol></nav></nav>
<div class="ltx_page_main"><div id="infobox" class="infobox"><div id="watermark-tr">
arXiv:${id}v${version} [${category}] 08 Jun 2024</div></div><div class="ltx_page_content">
<article class="ltx_document ltx_authors_1line" lang="en"><h1 class="ltx_title ltx_title_document">${esc(title)}</h1>
<div class="ltx_authors">
${block}
</div>
<div id="abstract1" class="ltx_abstract"><h6 class="ltx_title ltx_title_abstract">Abstract</h6><p class="ltx_p">We study failure.</p></div>
<section id="S1" class="ltx_section"><h2 class="ltx_title ltx_title_section">1 Introduction</h2><div class="ltx_para"><p class="ltx_p">Text.</p></div></section>
</article></div></div></body></html>`;
}
