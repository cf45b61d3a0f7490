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
import { t } from './i18n';

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

/**
 * The facts, in the browser's language (their English is what docs/privacy.md says): read them
 * when shown, not at load.
 */
export function privacy() {
  return {
    title: t('privacyTitle'),
    summary: t('privacySummary'),
    recipients: [
      {
        who: t('privacyOpenAlexWho'),
        where: `\`${host(API_BASES.openalex)}\``,
        why: t('privacyOpenAlexWhy'),
        what: [t('privacyOpenAlex1'), t('privacyOpenAlex2'), t('privacyOpenAlex3'), t('privacyOpenAlex4'), t('privacyOpenAlex5'), t('privacyOpenAlex6'), t('privacyOpenAlex7')],
      },
      {
        who: t('privacyS2Who'),
        where: `\`${host(API_BASES.s2)}\``,
        why: t('privacyS2Why'),
        what: [t('privacyS21'), t('privacyS22'), t('privacyS23'), t('privacyS24')],
      },
      {
        who: t('privacyArxivWho'),
        where: t('privacyArxivWhere', `\`${ARXIV_HOST}\``, `\`${host(RSS_ORIGIN)}\``),
        why: t('privacyArxivWhy'),
        what: [t('privacyArxiv1')],
      },
      {
        who: t('privacySyncWho'),
        where: t('privacySyncWhere'),
        why: t('privacySyncWhy'),
        what: [t('privacySync1'), t('privacySync2'), t('privacySync3')],
      },
    ] satisfies Recipient[] as readonly Recipient[],
    /** What never leaves this computer, and why. */
    stays: [t('privacyStays1'), t('privacyStays2'), t('privacyStays3'), t('privacyStays4', `\`${ARXIV_HOST}/abs/…\``), t('privacyStays5')],
  };
}

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
  const PRIVACY = privacy();
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
