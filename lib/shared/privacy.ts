/**
 * What leaves the browser, to whom and why, and what stays: written once, here. The settings
 * page's "Data sources & privacy" renders it, `docs/privacy.md` (the page a store listing links
 * to) is generated from it (`privacyMarkdown`; lib/shared/privacy.test.ts fails when the file
 * differs), and the Firefox build declares its data collection from it (wxt.config.ts).
 *
 * Texts are plain, with `code` in backticks and *titles of Weft's controls* in asterisks.
 */
import { API_BASES } from '../catalog/hosts';
import { ARXIV_HOST, RSS_ORIGIN } from '../arxiv/urls';

const host = (base: string) => new URL(base).host;

export interface Recipient {
  /** Who receives it. */
  who: string;
  /** Where to: a host, or how the data gets there. */
  where: string;
  /** Why Weft sends anything there. */
  why: string;
  /** Everything that goes there, item by item. */
  what: readonly string[];
}

/**
 * Firefox's data-collection categories for what leaves the browser: the arXiv ids of the pages
 * opened and of the listing entries scrolled near, and for a paper no catalog has yet its
 * authors' printed names (browsing activity); what is typed into the popup search (search
 * terms). The other ids sent come from the catalogs.
 */
export const FIREFOX_DATA_COLLECTION = ['browsingActivity', 'searchTerms'] as const;

export const PRIVACY = {
  title: 'Weft and your privacy',
  summary:
    'Weft has no server and no analytics, and asks for no account. Its numbers come from two public scholarly catalogs, OpenAlex and Semantic Scholar, which Weft’s background asks directly; every number says which of them it comes from and how old it is.',
  recipients: [
    {
      who: 'OpenAlex (OurResearch)',
      where: `\`${host(API_BASES.openalex)}\``,
      why: 'the researchers’ and papers’ figures, search, and new papers of the researchers you follow',
      what: [
        'the arXiv id of the abstract page or HTML view you open (as its DOI), and the OpenAlex ids of its authors and related papers',
        'the arXiv ids of the listing and search entries you scroll near (and of a block of entries after them), and the OpenAlex ids of their authors',
        'the printed names of a paper’s authors when no catalog has the paper yet (and an ORCID the HTML view prints), and the name of an author when you ask *Not this person?*',
        'what you type into the popup’s search',
        'the OpenAlex ids of researchers you open in the popup or on the researcher page, and of those you follow (the new-paper checks)',
        'the printed names on papers of arXiv’s evening announcement that carry the name of a researcher you follow (same-day alerts)',
        'your OpenAlex API key, if you saved one',
      ],
    },
    {
      who: 'Semantic Scholar (Allen Institute for AI)',
      where: `\`${host(API_BASES.s2)}\``,
      why: 'citation counts, related papers, and a second opinion on the authors’ figures',
      what: [
        'the arXiv id of the abstract page or HTML view you open',
        'the arXiv ids of listing and search entries OpenAlex does not have',
        'the Semantic Scholar id of a researcher whose page you open from an author’s card',
        'your Semantic Scholar API key, if you saved one',
      ],
    },
    {
      who: 'arXiv (Cornell University)',
      where: `\`${ARXIV_HOST}\`, or \`${host(RSS_ORIGIN)}\` if you allowed arXiv’s feeds`,
      why: 'same-day alerts: the evening announcement of the categories your followed researchers post in',
      what: [
        'the arXiv categories watched (shown in the settings), once per announcement, without cookies; not the papers you read nor whom you follow',
      ],
    },
    {
      who: 'Your browser’s sync service (Google for Chrome, Mozilla for Firefox)',
      where: 'the browser’s own sync, only if you turned it on (in Firefox, for add-ons)',
      why: 'so your settings follow you to your other computers',
      what: [
        'the choices on Weft’s settings page: what arXiv pages show, the listing options, how long answers count as fresh, how often new papers are checked for, whether you are notified and whether same-day alerts are on',
      ],
    },
  ] satisfies Recipient[] as readonly Recipient[],
  /** What never leaves this computer, and why. */
  stays: [
    'Nothing else leaves the browser: not the pages you visit, not the names of the researchers you follow, not your corrections, not your recent searches. The catalogs see your IP address, as any website does.',
    'Followed researchers, their new papers, your corrections, your API keys and your recent searches stay on this computer, in a database only Weft’s background opens: arXiv’s pages, and Weft’s own scripts on them, cannot read it. They are not synced: the browser’s sync storage can be read by Weft’s scripts on arXiv pages and is kept by the sync service. Followed researchers and corrections move to another computer with the export file (*Export* in the new-paper alerts).',
    'The catalogs’ answers are cached on this computer, in a database of their own, and can be cleared at any time (*Clear cached data*).',
    `Weft reads only arXiv’s abstract pages, HTML views, listings and search results (\`${ARXIV_HOST}/abs/…\`, \`/html/…\`, \`/list/…\`, \`/catchup/…\`, \`/search/…\`); no other page. It does not run in private windows.`,
    'Firefox asks you to agree to the data Weft sends, in its words: browsing activity (the papers you open and the listing entries you scroll near) and search terms (your popup searches).',
  ],
} as const;

/** A text as runs of plain, `code` and *title* parts. */
export type Run = { kind: 'text' | 'code' | 'title'; text: string };

export function runs(text: string): Run[] {
  return text
    .split(/(`[^`]+`|\*[^*]+\*)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') ? { kind: 'code', text: part.slice(1, -1) } : part.startsWith('*') ? { kind: 'title', text: part.slice(1, -1) } : { kind: 'text', text: part },
    );
}

/** docs/privacy.md: the same facts as the settings page, as Markdown (whose code and emphasis the texts' marks already are). */
export function privacyMarkdown(): string {
  return [
    `# ${PRIVACY.title}`,
    '',
    '<!-- Generated from lib/shared/privacy.ts, which the settings page shows too: edit it there, then run `npx vitest run lib/shared/privacy.test.ts -u`. -->',
    '',
    PRIVACY.summary,
    '',
    '## What leaves the browser, to whom, and why',
    '',
    ...PRIVACY.recipients.flatMap((r) => [`### ${r.who}`, '', `To ${r.where}, for ${r.why}:`, '', ...r.what.map((w) => `- ${w}`), '']),
    '## What stays on this computer',
    '',
    ...PRIVACY.stays.flatMap((s) => [s, '']),
  ].join('\n');
}
