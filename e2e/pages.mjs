// Generated arXiv abstract pages (https://arxiv.org/abs/<id>) for the end-to-end tests.
//
// The markup follows arxiv-browse's abs template as live in 2026 (see README "e2e"): the same
// `#abs-outer` content under two page chromes:
//   layout '2026-06'     — `<header>` with `#cu-identity` and `#header .header-breadcrumbs`
//   layout '2026-06-29'  — the redesign: `header.ds-site-header`, search overlay, `footer.ds-site-footer`,
//                          no breadcrumb
// Authors: `div.authors` with `<a href=".../search/<archive>?searchtype=author&amp;query=Last,+F"
// rel="nofollow">` links separated by bare ", " text nodes, plus one `<meta name="citation_author"
// content="Last, First">` per author in <head>. Over 100 authors: the first 100 inline, the rest
// inside `div#long-author-list` (display: none) followed by the `a#toggle` "et al." link and the
// inline toggleAuthorList() script, as arXiv does.
//
// arXiv's own CSS/JS (/static/…, CDNs) is not served by the tests, so a small inline stylesheet
// gives the page an arXiv-like look for screenshots; it does not change the DOM structure.

/** HTML-escape text for element content and attribute values. */
export function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const FIRST = ['Mira', 'Tomás', 'Priya', 'Jonas', 'Aiko', 'Lena', 'Kwame', 'Sofia', 'Dmitri', 'Hana',
  'Rafael', 'Ingrid', 'Yusuf', 'Chloé', 'Mateo', 'Nadia', 'Oskar', 'Leila', 'Bruno', 'Ewa',
  'Arjun', 'Freya', 'Tariq', 'Ines', 'Kenji', 'Maren', 'Diego', 'Zofia', 'Emeka', 'Astrid',
  'Luca', 'Noor', 'Pavel', 'Selin', 'Hugo', 'Ayla', 'Felix', 'Rosa', 'Omar', 'Greta',
  'Ravi', 'Elin', 'Marco', 'Yara', 'Stefan', 'Mei', 'Adrian', 'Lucía', 'Viktor', 'Amara'];
const LAST = ['Okafor', 'Lindqvist', 'Raman', 'Weber', 'Tanaka', 'Novak', 'Mensah', 'Ferreira', 'Volkov', 'Park',
  'Castillo', 'Berg', 'Demir', 'Moreau', 'Rossi', 'Haddad', 'Nilsen', 'Karimi', 'Costa', 'Kowalska',
  'Iyer', 'Hansen', 'Aziz', 'Pereira', 'Sato', 'Vogel', 'Ortega', 'Nowak', 'Eze', 'Holm',
  'Bianchi', 'Rahman', 'Petrov', 'Yilmaz', 'Laurent', 'Kaya', 'Fischer', 'Santos', 'Farouk', 'Brandt',
  'Menon', 'Strand', 'Conti', 'Saleh', 'Keller', 'Chen', 'Dumitru', 'Vargas', 'Horvat', 'Adeyemi',
  'Lund', 'Galli', 'Bose', 'Quint', 'Marsh', 'Ueda', 'Roth', 'Abbas', 'Lopes', 'Wirth'];

/**
 * n distinct, deterministic author names ({ first, last }). Up to 3,000 distinct names.
 * @param {number} n
 * @param {number} [offset] start further into the name space (to vary pages)
 */
export function makeAuthors(n, offset = 0) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const i = k + offset;
    // (i mod 50, i div 50) ↦ (first, last) with last = (a + 7q) mod 60: injective for i < 3000
    const a = i % FIRST.length;
    const q = Math.floor(i / FIRST.length);
    out.push({ first: FIRST[a], last: LAST[(a + 7 * q) % LAST.length] });
  }
  return out;
}

export const displayName = (a) => `${a.first} ${a.last}`.trim();
const metaName = (a) => `${a.last}, ${a.first}`;
const initial = (a) => a.first.normalize('NFC').charAt(0);
function searchHref(a, archive) {
  const q = `${encodeURIComponent(a.last).replace(/%20/g, '+')},+${encodeURIComponent(initial(a))}`;
  return `https://arxiv.org/search/${archive}?searchtype=author&query=${q}`;
}
const authorLink = (a, archive) => `<a href="${esc(searchHref(a, archive))}" rel="nofollow">${esc(displayName(a))}</a>`;

const ARXIV_LOOK = `
  body { margin: 0; font-family: "Lucida Grande", Helvetica, Arial, sans-serif; font-size: 15px; color: #1a1a1a; background: #fff; }
  a { color: #0066cc; text-decoration: none; }
  a:hover { text-decoration: underline; }
  .is-sr-only, .ds-skip-link, #download-button-info, .mobile-header, .mobile-submission-download, .header-breadcrumbs-mobile { position: absolute; left: -9999px; }
  #cu-identity { display: flex; justify-content: space-between; align-items: center; background: #b31b1b; color: #fff; padding: 6px 24px; font-size: 13px; }
  #cu-identity a { color: #fff; }
  #header { display: flex; justify-content: space-between; align-items: center; background: #b31b1b; color: #fff; padding: 4px 24px 12px; }
  #header a { color: #fff; }
  #header > a[aria-hidden] { display: none; }
  .header-breadcrumbs { font-size: 18px; font-weight: bold; }
  .header-breadcrumbs .logo-text { font-size: 28px; font-family: Georgia, serif; letter-spacing: -1px; margin-right: 8px; }
  .ds-site-header { display: flex; justify-content: space-between; align-items: center; background: #fff; border-bottom: 3px solid #b31b1b; padding: 12px 24px; }
  .ds-site-header-logo { font-family: Georgia, serif; font-size: 30px; font-weight: bold; color: #b31b1b; }
  .ds-site-header-nav a { margin-left: 18px; color: #333; }
  .ds-site-header-nav-toggle { display: none; }
  main { padding: 12px 24px 24px; }
  #abs-outer { display: grid; grid-template-columns: minmax(0, 1fr) 240px; gap: 0 40px; align-items: start; max-width: 1200px; }
  .leftcolumn { min-width: 0; }
  .endorsers { grid-column: 1 / -1; font-size: 13px; margin-top: 16px; }
  .search-block .help, .search-block .select { display: none; }
  .search-block .field { display: flex; gap: 6px; align-items: center; }
  .search-block input.input { width: 200px; padding: 3px 6px; border: 0; border-radius: 3px; }
  .search-block .button { background: #fff; color: #b31b1b; border: 0; border-radius: 3px; padding: 3px 10px; font-weight: bold; }
  .subheader h1 { font-size: 17px; font-weight: normal; color: #333; border-bottom: 1px solid #ccc; padding-bottom: 6px; margin: 6px 0 10px; }
  .dateline { font-size: 13px; color: #555; font-style: italic; margin: 8px 0; }
  h1.title { font-size: 26px; line-height: 1.25; margin: 10px 0 12px; font-weight: bold; }
  .descriptor { display: none; }
  div.authors { font-size: 17px; line-height: 1.7; margin-bottom: 14px; }
  blockquote.abstract { font-size: 15px; line-height: 1.5; margin: 12px 0 16px 24px; color: #222; }
  .metatable table { font-size: 13px; border-collapse: collapse; }
  .metatable td.label { font-weight: bold; padding-right: 12px; vertical-align: top; }
  .submission-history { font-size: 13px; color: #444; margin-top: 16px; }
  .submission-history h2 { font-size: 14px; margin: 0 0 4px; }
  .extra-services { font-size: 14px; }
  .extra-services h2, .extra-services h3 { font-size: 15px; margin: 14px 0 6px; }
  .full-text ul { list-style: none; padding: 0; margin: 0; }
  .full-text li { margin: 4px 0; }
  .abs-button { display: inline-block; border: 1px solid #ccc; border-radius: 3px; padding: 3px 10px; background: #f6f6f6; color: #0066cc; }
  .bookmarks { margin-top: 12px; }
  footer { clear: both; border-top: 1px solid #ddd; margin-top: 24px; padding: 16px 24px; font-size: 13px; color: #555; }
  footer a { margin-right: 12px; }
`;

function headerOld(id, archive) {
  return `<header>
      <a href="#content" class="is-sr-only">Skip to main content</a>
      <!-- start desktop header -->
      <div class="columns is-vcentered is-hidden-mobile" id="cu-identity">
        <div class="column" id="cu-logo">
          <a href="https://www.cornell.edu/">Cornell University</a>
        </div><div class="column" id="support-ack">
          <span id="support-ack-url">We gratefully acknowledge support from the Simons Foundation, <a href="https://info.arxiv.org/about/ourmembers.html">member institutions</a>, and all contributors.</span>
          <a href="https://info.arxiv.org/about/donate.html" class="btn-header-donate">Donate</a>
        </div>
      </div>

      <div id="header" class="is-hidden-mobile">
<a aria-hidden="true" tabindex="-1" href="/IgnoreMe"></a>
  <div class="header-breadcrumbs is-hidden-mobile">
    <a href="/"><span class="logo-text">arXiv</span></a> <span>&gt;</span> <a href="/list/${archive}/recent">${archive}</a> <span>&gt;</span> arXiv:${esc(id)}
  </div>
  <div class="search-block level-right">
    <form class="level-item mini-search" method="GET" action="https://arxiv.org/search">
      <div class="field has-addons">
        <div class="control">
          <input class="input is-small" type="text" name="query" placeholder="Search..." aria-label="Search term or terms" />
          <p class="help"><a href="https://info.arxiv.org/help">Help</a> | <a href="https://arxiv.org/search/advanced">Advanced Search</a></p>
        </div>
        <div class="control">
          <div class="select is-small">
            <select name="searchtype" aria-label="Field to search">
              <option value="all" selected="selected">All fields</option>
              <option value="title">Title</option>
              <option value="author">Author</option>
              <option value="abstract">Abstract</option>
            </select>
          </div>
        </div>
        <input type="hidden" name="source" value="header">
        <button class="button is-small is-cul-darker">Search</button>
      </div>
    </form>
  </div>
     </div><!-- /end desktop header -->

      <div class="mobile-header">
        <div class="columns is-mobile">
          <div class="column logo-arxiv"><a href="https://arxiv.org/">arXiv</a></div>
        </div>
      </div><!-- /end mobile-header -->
    </header>`;
}

function headerNew() {
  return `<a href="#content" class="ds-skip-link">Skip to main content</a>
<header class="ds-site-header">
  <a aria-hidden="true" tabindex="-1" href="https://arxiv.org/IgnoreMe" class="is-sr-only"></a>
  <a href="https://arxiv.org/" class="ds-site-header-logo" aria-label="archive home">arXiv</a>
  <button type="button" id="ds-nav-toggle" class="ds-site-header-nav-toggle"
    aria-label="Open menu" aria-controls="ds-site-header-nav" aria-expanded="false">menu</button>
  <nav class="ds-site-header-nav" id="ds-site-header-nav" aria-label="Main navigation"><a id="arxiv-search-toggle" href="https://arxiv.org/search"
      aria-controls="arxiv-search-overlay" aria-expanded="false">Search</a>
    <a href="https://arxiv.org/user/create">Submit</a>
    <a href="https://info.arxiv.org/about/donate.html">Donate</a>
    <span class="ds-site-header-divider" aria-hidden="true"></span>
      <a href="https://arxiv.org/login" class="ds-site-header-login">Log in</a>
  </nav>
</header>

<div class="arxiv-search-overlay" id="arxiv-search-overlay" hidden>
  <div class="arxiv-search-panel" role="search">
    <form method="GET" action="https://arxiv.org/search">
      <label for="arxiv-search-input" class="is-sr-only">Search arXiv</label>
      <input type="text" name="query" id="arxiv-search-input" autocomplete="off"
        placeholder="Search papers by title, author, abstract, or ID...">
      <input type="hidden" name="searchtype" value="all">
      <input type="hidden" name="source" value="header">
    </form>
  </div>
</div>`;
}

const FOOTER_OLD = `<footer style="clear: both;">
      <div class="columns is-desktop" role="navigation" aria-label="Secondary">
        <a href="https://info.arxiv.org/about">About</a>
        <a href="https://info.arxiv.org/help">Help</a>
        <a href="https://info.arxiv.org/help/contact.html">Contact</a>
        <a href="https://info.arxiv.org/help/subscribe">Subscribe</a>
        <a href="https://info.arxiv.org/help/license/index.html">Copyright</a>
        <a href="https://info.arxiv.org/help/policies/privacy_policy.html">Privacy Policy</a>
      </div>
    </footer>`;

const FOOTER_NEW = `<footer class="ds-site-footer">
  <div class="ds-site-footer-grid">
    <div class="ds-site-footer-main">
      <nav class="ds-site-footer-links" aria-label="Site navigation">
        <a href="https://info.arxiv.org/about">About</a>
        <span class="ds-site-footer-sep" aria-hidden="true">&middot;</span>
        <a href="https://info.arxiv.org/help">Help</a>
        <span class="ds-site-footer-sep" aria-hidden="true">&middot;</span>
        <a href="https://info.arxiv.org/help/contact.html">Contact</a>
        <span class="ds-site-footer-sep" aria-hidden="true">&middot;</span>
        <a href="https://info.arxiv.org/help/policies/privacy_policy.html">Privacy</a>
      </nav>
    </div>
  </div>
</footer>`;

// arXiv's behaviour: the link shows (or hides again) the hidden part of the author list.
const TOGGLE_SCRIPT = `<script type="text/javascript">
<!--
function toggleAuthorList(whichLayer, toggleThis)
{
  var elem = document.getElementById(whichLayer);
  var link = document.getElementById('toggle');
  var shown = elem.style.display !== 'none' && elem.style.display !== '';
  if (!shown && elem.style.display === '' && elem.offsetWidth !== 0) shown = true;
  elem.style.display = shown ? 'none' : 'inline';
  if (shown) {
    link.textContent = toggleThis;
    link.title = "Show Entire Author List";
  } else {
    link.textContent = "(collapse list)";
    link.title = "Collapse Author List";
  }
}
//-->
</script>`;

function authorsBlock(authors, archive) {
  const links = authors.map((a) => authorLink(a, archive));
  if (authors.length <= 100) return `<div class="authors"><span class="descriptor">Authors:</span>${links.join(', ')}</div>`;
  const more = authors.length - 100;
  const label = `et al. (${more} additional authors not shown)`;
  return `<div class="authors"><span class="descriptor">Authors:</span>${links.slice(0, 100).join(', ')}
${TOGGLE_SCRIPT}

  <div id="long-author-list" style="display: none;">
        , ${links.slice(100).join(', ')}
  </div>
  <a href="javascript:toggleAuthorList('long-author-list','${label}');"
     title="Show Entire Author List" id="toggle">
    ${label}</a>
  <noscript>&nbsp;You must enable JavaScript to view entire author list.</noscript></div>`;
}

const DEFAULT_ABSTRACT = `We study how a parameter server can keep training through worker and server failures.
Workers keep producing gradient updates while the server is unavailable and apply them once it
is back, which trades a little staleness for much better hardware utilisation.
<br>Across three recovery strategies we measure convergence, accuracy and monetary cost, and find
that the stateless approach recovers fastest while costing about the same as checkpointing.`;

/**
 * An arXiv abstract page.
 * @param {object} o
 * @param {string} o.id            arXiv id without version, e.g. "2406.05546"
 * @param {string} [o.title]
 * @param {{first:string,last:string}[]} o.authors
 * @param {'2026-06'|'2026-06-29'} [o.layout]
 * @param {string} [o.archive]     primary archive, e.g. "cs"
 * @param {string} [o.primary]     primary category, e.g. "cs.DC"
 * @param {string} [o.abstract]    HTML (trusted, written by the tests)
 * @param {number} [o.version]
 * @param {boolean} [o.styled]     add the inline arXiv-like stylesheet (default true)
 * @returns {string}
 */
export function absPage(o) {
  const id = o.id;
  const title = o.title ?? 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';
  const authors = o.authors;
  const layout = o.layout ?? '2026-06';
  const archive = o.archive ?? 'cs';
  const primary = o.primary ?? 'cs.DC';
  const version = o.version ?? 1;
  const abstract = o.abstract ?? DEFAULT_ABSTRACT;
  const styled = o.styled ?? true;
  const first = authors[0] ? displayName(authors[0]) : '';
  const others = authors.length - 1;
  const pdfInfo = `View a PDF of the paper titled ${esc(title)}, by ${esc(first)}${others > 0 ? ` and ${others} other author${others > 1 ? 's' : ''}` : ''}`;
  const metas = [
    `<meta name="citation_title" content="${esc(title)}" />`,
    ...authors.map((a) => `<meta name="citation_author" content="${esc(metaName(a))}" />`),
    '<meta name="citation_date" content="2024/06/08" />',
    '<meta name="citation_online_date" content="2024/06/08" />',
    `<meta name="citation_pdf_url" content="https://arxiv.org/pdf/${esc(id)}" />`,
    `<meta name="citation_arxiv_id" content="${esc(id)}" />`,
  ].join('');
  const header = layout === '2026-06-29' ? headerNew() : headerOld(id, archive);
  const footer = layout === '2026-06-29' ? FOOTER_NEW : FOOTER_OLD;
  const bodyClass = layout === '2026-06-29' ? '' : 'with-cu-identity';
  return `<!DOCTYPE html>
<html lang="en">

<head>  <title>[${esc(id)}] ${esc(title)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" type="text/css" media="screen" href="/static/browse/0.3.4/css/arXiv.css?v=20260318" />
  <link rel="canonical" href="https://arxiv.org/abs/${esc(id)}"/>
  <meta name="description" content="Abstract page for arXiv paper ${esc(id)}: ${esc(title)}">
  <meta property="og:type" content="website" />
  <meta property="og:site_name" content="arXiv.org" />
  <meta property="og:title" content="${esc(title)}" />
  <meta property="og:url" content="https://arxiv.org/abs/${esc(id)}v${version}" />
  ${styled ? `<style id="e2e-arxiv-look">${ARXIV_LOOK}</style>` : ''}
  ${metas}
</head>

<body class="${bodyClass}">
  <div class="flex-wrap-footer">
    ${header}

    <main>
      <div id="content">
<div id="abs-outer">

  <div class="leftcolumn">
    <div class="subheader">
      <h1>Computer Science &gt; Distributed, Parallel, and Cluster Computing</h1>
    </div>

    <div class="header-breadcrumbs-mobile">
      <strong>arXiv:${esc(id)}</strong> (${archive})
    </div>
<div id="content-inner">
  <div id="abs">
    <div class="dateline">
  [Submitted on 8 Jun 2024]</div>
    <h1 class="title mathjax"><span class="descriptor">Title:</span>${esc(title)}</h1>
    ${authorsBlock(authors, archive)}            <div id="download-button-info" hidden>${pdfInfo}</div>
    <a class="mobile-submission-download" href="/pdf/${esc(id)}">View PDF</a>

    <blockquote class="abstract mathjax">
            <span class="descriptor">Abstract:</span>  ${abstract}
    </blockquote>

    <!--CONTEXT-->
    <div class="metatable">
      <table summary="Additional metadata"><tr>
          <td class="tablecell label">Subjects:</td>
          <td class="tablecell subjects">
            <span class="primary-subject">Distributed, Parallel, and Cluster Computing (${primary})</span>; Machine Learning (cs.LG)</td>
        </tr><tr>
          <td class="tablecell label">Cite as:</td>
          <td class="tablecell arxivid"><span class="arxivid"><a href="https://arxiv.org/abs/${esc(id)}">arXiv:${esc(id)}</a> [${primary}]</span></td>
        </tr>
        <tr>
          <td class="tablecell label">&nbsp;</td>
          <td class="tablecell arxividv">(or <span class="arxivid">
              <a href="https://arxiv.org/abs/${esc(id)}v${version}">arXiv:${esc(id)}v${version}</a> [${primary}]</span> for this version)
          </td>
        </tr>
        <tr>
          <td class="tablecell label">&nbsp;</td>
          <td class="tablecell arxivdoi"><a href="https://doi.org/10.48550/arXiv.${esc(id)}" id="arxiv-doi-link">https://doi.org/10.48550/arXiv.${esc(id)}</a></td>
        </tr></table>
    </div>
  </div>
</div>
    <div class="submission-history">
      <h2>Submission history</h2> From: ${esc(first)} [<a href="/show-email/0e2e0e2e/${esc(id)}" rel="nofollow">view email</a>]      <br/>    <strong>[v${version}]</strong>
        Sat, 8 Jun 2024 19:13:37 UTC (1,204 KB)<br/>
</div>
  </div>
  <!--end leftcolumn-->
<div class="extra-services">    <div class="full-text">
      <a name="other"></a>
      <span class="descriptor">Full-text links:</span>
      <h2>Access Paper:</h2>
      <ul>
  <div id="download-button-info" hidden>
${pdfInfo}</div><li><a href="/pdf/${esc(id)}" aria-describedby="download-button-info" accesskey="f" class="abs-button download-pdf">View PDF</a></li><li><a href="https://arxiv.org/html/${esc(id)}v${version}" class="abs-button" id="latexml-download-link">HTML (experimental)</a></li><li><a href="/src/${esc(id)}" class="abs-button download-eprint">TeX Source
 </a></li><li><a href="/format/${esc(id)}" class="abs-button download-format">Other Formats</a></li></ul>
      <div class="abs-license"><a href="http://creativecommons.org/licenses/by/4.0/" title="Rights to this article" class="has_license">
          <span>view license</span>
        </a></div>
    </div>
    <!--end full-text-->    <div class="browse">
    <h3 class="browse-context-heading">Current browse context:</h3>
  <div class="current">${primary}</div>
  <div class="prevnext">
<span class="arrow">
      <a class="abs-button prev-url" href="/prevnext?id=${esc(id)}&amp;function=prev&amp;context=${primary}" accesskey="p" rel="nofollow">&lt;&nbsp;prev</a>
    </span>
    <span class="arrow">
      <a class="abs-button next-url" href="/prevnext?id=${esc(id)}&amp;function=next&amp;context=${primary}" accesskey="n" rel="nofollow">next&nbsp;&gt;</a>
    </span>
  </div>
    </div>
<div class="bookmarks">
  <div><h3>Bookmark</h3></div><a class="abs-button abs-button-grey abs-button-small" href="http://www.bibsonomy.org/BibtexHandler?requTask=upload&amp;url=https://arxiv.org/abs/${esc(id)}"
     title="Bookmark on BibSonomy">BibSonomy</a>
  <a class="abs-button abs-button-grey abs-button-small" href="https://reddit.com/submit?url=https://arxiv.org/abs/${esc(id)}"
     title="Bookmark on Reddit">Reddit</a>
</div>  </div>
  <!--end extra-services-->
  <div class="endorsers">
    <a href="/auth/show-endorsers/${esc(id)}" class="endorser-who" rel="nofollow">Which authors of this paper are endorsers?</a>
  </div>
</div>
      </div>
    </main>

    ${footer}
  </div>
</body>

</html>
`;
}
