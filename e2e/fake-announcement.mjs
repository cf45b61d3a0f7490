// arXiv's announcement forms as text, for the end-to-end tests, the unit tests of the readers and
// of same-day alerts, the fault suite and the bench: a /new listing in arXiv's markup (arxiv-browse
// list_macros) and feeds as arXiv's feed service writes them (arXiv/arxiv-feed, feed/serializers).
// An entry: { id, title, authors: [names], categories?: [cats] (primary first), subjects?: the
// subjects line's HTML, abstract, note?: after the id in the dt, type?: 'new' | 'cross' | 'replace'
// | 'replace-cross' | 'absonly', affiliations?: { <author position>: [affiliations] } (feeds) }.


/** A /new listing in arXiv's markup (list_macros), small enough to read here. */
export function newListingHtml(date, sections) {
  const entry = (e, n) => `
    <dt><a name='item${n}'>[${n}]</a> <a href ="/abs/${e.id}" title="Abstract" id="${e.id}">arXiv:${e.id}</a> ${e.note ?? ''}
      [<a href="/pdf/${e.id}" title="Download PDF">pdf</a>]</dt>
    <dd><div class='meta'>
      <div class='list-title mathjax'><span class='descriptor'>Title:</span> ${e.title}</div>
      <div class='list-authors'>${e.authors.map((a) => `<a href="https://arxiv.org/search/cs?searchtype=author&amp;query=${encodeURIComponent(a)}">${a}</a>`).join(', ')}</div>
      <div class='list-subjects'><span class='descriptor'>Subjects:</span> ${e.subjects ?? (e.categories ?? []).map((c, i) => (i === 0 ? `<span class="primary-subject">Subject (${c})</span>` : `Subject (${c})`)).join('; ')}</div>
      <p class='mathjax'>${e.abstract}</p>
    </div></dd>`;
  let n = 0;
  return `<!doctype html><html><body><div id='dlpage'><h1>Computer Science</h1><h3>Showing new listings for ${date}</h3>
    ${sections.map((s) => `<dl id='articles'><h3>${s.heading}</h3>${s.entries.map((e) => entry(e, ++n)).join('')}</dl>`).join('')}</div></body></html>`;
}


const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** dc:creator as arXiv's feed writes it: "First Last (Affiliation, …), …". */
const creator = (e) => e.authors.map((a, i) => (e.affiliations?.[i] ? `${a} (${e.affiliations[i].join(', ')})` : a)).join(', ');

/** An RSS 2.0 feed of `cats` for the day listed as `date` (`YYYY-MM-DD`). */
export function rssXml(cats, date, entries) {
  const day = new Date(`${date}T05:00:00Z`);
  const pub = `${day.toUTCString().slice(0, 16)} 00:00:00 -0500`;
  return `<?xml version='1.0' encoding='UTF-8'?>
<rss xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0">
  <channel>
    <title>${cats.join('+')} updates on arXiv.org</title>
    <link>http://rss.arxiv.org/rss/${cats.join('+')}</link>
    <description>${cats.join('+')} updates on the arXiv.org e-print archive.</description>
    <lastBuildDate>${day.toUTCString().replace('GMT', '+0000')}</lastBuildDate>
    <pubDate>${pub}</pubDate>
    <skipDays><day>Saturday</day><day>Sunday</day></skipDays>
${entries.map((e) => `    <item>
      <title>${esc(e.title)}</title>
      <link>https://arxiv.org/abs/${e.id}</link>
      <description>arXiv:${e.id}v1 Announce Type: ${e.type ?? 'new'} 
Abstract: ${esc(e.abstract)}</description>
      <guid isPermaLink="false">oai:arXiv.org:${e.id}v1</guid>
${(e.categories ?? []).map((c) => `      <category>${c}</category>`).join('\n')}
      <pubDate>${pub}</pubDate>
      <arxiv:announce_type>${e.type ?? 'new'}</arxiv:announce_type>
      <dc:rights>http://creativecommons.org/licenses/by/4.0/</dc:rights>
      <dc:creator>${esc(creator(e))}</dc:creator>
    </item>`).join('\n')}
  </channel>
</rss>
`;
}

/** An Atom feed, authors in dc:creator as arXiv's feed writes them (`authorElements`: one <author> each, as older builds did). */
export function atomXml(cats, date, entries, { authorElements = false } = {}) {
  const updated = `${date}T00:00:00-05:00`;
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xml:lang="en-us">
  <id>http://rss.arxiv.org/atom/${cats.join('+')}</id>
  <title>${cats.join('+')} updates on arXiv.org</title>
  <updated>${updated}</updated>
${entries.map((e) => `  <entry>
    <id>oai:arXiv.org:${e.id}v1</id>
    <title>${esc(e.title)}</title>
    <updated>${updated}</updated>
    <link href="https://arxiv.org/abs/${e.id}" rel="alternate" type="text/html"/>
    <summary>arXiv:${e.id}v1 Announce Type: ${e.type ?? 'new'} 
Abstract: ${esc(e.abstract)}</summary>
${(e.categories ?? []).map((c) => `    <category term="${c}" scheme="http://arxiv.org/schemas/atom"/>`).join('\n')}
    <published>${updated}</published>
    <arxiv:announce_type>${e.type ?? 'new'}</arxiv:announce_type>
${authorElements ? e.authors.map((a) => `    <author><name>${esc(a)}</name></author>`).join('\n') : `    <dc:creator>${esc(creator(e))}</dc:creator>`}
  </entry>`).join('\n')}
</feed>
`;
}
