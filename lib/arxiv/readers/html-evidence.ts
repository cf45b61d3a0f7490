// What the HTML view prints about authors besides their names: e-mail addresses and ORCIDs,
// and which printed name an e-mail address belongs to. LaTeXML often puts these on the wrong
// author (docs/arxiv-pages.md, "Affiliations, e-mails and ORCIDs"), so they are tied to names by what they say,
// never by where they sit.

import { nameTokens } from '../names';
import { ORCID_PATTERN } from '../ids';

export interface PrintedEmail {
  /** As printed, lower-cased domain: `rcao@cs.example.org`. */
  address: string;
  local: string;
  domain: string;
}

/** Where in a text e-mail addresses are written: one address, or a `{a, b}@domain` group. */
export interface EmailSpan {
  start: number;
  end: number;
  emails: PrintedEmail[];
}

const DOMAIN = String.raw`[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`;
// A brace group first, so that "{a, b}@x.org" is not read as "b}@x.org".
const EMAIL = new RegExp(String.raw`\{([^{}@]+)\}\s*@\s*(${DOMAIN})|([a-z0-9][a-z0-9._%+-]*)@(${DOMAIN})`, 'gi');

function email(local: string, domain: string): PrintedEmail {
  const d = domain.toLowerCase();
  return { address: `${local}@${d}`, local, domain: d };
}

export function findEmails(text: string): EmailSpan[] {
  const spans: EmailSpan[] = [];
  for (const match of text.matchAll(EMAIL)) {
    const [whole, group, groupDomain, local, domain] = match;
    const emails = group
      ? group
          .split(/[\s,;|]+/)
          .filter((l) => l !== '')
          .map((l) => email(l, groupDomain ?? ''))
      : [email(local ?? '', domain ?? '')];
    spans.push({ start: match.index, end: match.index + whole.length, emails });
  }
  return spans;
}

/** The addresses of a mailto link's href (LaTeXML often writes an empty `mailto:`). */
export function mailtoEmails(href: string): PrintedEmail[] {
  let target = href.replace(/^mailto:/i, '').split('?')[0] ?? '';
  try {
    target = decodeURIComponent(target);
  } catch {
    // A malformed escape: read the href as written.
  }
  return findEmails(target).flatMap((span) => span.emails);
}

// Failed conversions print the id as text, often with the macro that should have made a link:
// "\orcidlink{0000-…}", "\orcidlink (0000-…)".
const PRINTED_ORCID = new RegExp(
  String.raw`(?:\\orcid(?:link|ID)?\s*[{(]?\s*)?(?<![\d-])(${ORCID_PATTERN.source})(?![\dX-])\s*[})]?`,
  'g',
);

/** The bare ORCID in an orcid.org link, or null. */
export function orcidOfHref(href: string): string | null {
  return /orcid\.org\//i.test(href) ? (ORCID_PATTERN.exec(href)?.[0] ?? null) : null;
}

/** ORCIDs printed as text, and the span of text each takes (macro and brackets included). */
export function findOrcids(text: string): { start: number; end: number; id: string }[] {
  return [...text.matchAll(PRINTED_ORCID)].map((m) => ({ start: m.index, end: m.index + m[0].length, id: m[1] ?? '' }));
}

// A local part may put up to this many letters (initials) before or after a name word:
// "rcao", "jsmith", "smithj", "ajchen".
const MAX_INITIALS = 3;
// Name words this short are only taken when they are a whole part of the local part ("li"):
// as a piece of one they match too much ("an" in "anna").
const MIN_PIECE = 3;

/**
 * Ties e-mail addresses to printed names by their local part: "rcao" is Ray Cao's,
 * "jm.garcia-lopez" José María García-López's. An address is tied only when exactly one
 * name fits. The index is built on first use, once per page.
 */
export function createEmailMatcher(names: readonly string[]) {
  let index: Map<string, Set<number>> | null = null;
  const build = () => {
    const built = new Map<string, Set<number>>();
    names.forEach((name, i) => {
      for (const token of nameTokens(name)) {
        if (token.length < 2) continue;
        let owners = built.get(token);
        if (!owners) built.set(token, (owners = new Set()));
        owners.add(i);
      }
    });
    return built;
  };

  /** Who could own one part of a local part: a name word, alone or with a few initials. */
  const ownersOf = (part: string, into: Set<number>) => {
    index ??= build();
    index.get(part)?.forEach((i) => into.add(i));
    for (let k = 1; k < part.length; k++) {
      const head = part.slice(0, k);
      const tail = part.slice(k);
      const headOwners = head.length >= MIN_PIECE ? index.get(head) : undefined;
      const tailOwners = tail.length >= MIN_PIECE ? index.get(tail) : undefined;
      if (tailOwners && head.length <= MAX_INITIALS) tailOwners.forEach((i) => into.add(i));
      if (headOwners && tail.length <= MAX_INITIALS) headOwners.forEach((i) => into.add(i));
      // Two words of the same name run together: "jiancui".
      if (headOwners && tailOwners) headOwners.forEach((i) => tailOwners.has(i) && into.add(i));
    }
  };

  /** The index of the one name the address belongs to, or null. */
  return (address: PrintedEmail): number | null => {
    if (names.length === 0) return null;
    const owners = new Set<number>();
    // Digits are not part of names: "zichuan7", "lxing2".
    for (const part of nameTokens(address.local.replace(/\d+/g, ' '))) ownersOf(part, owners);
    return owners.size === 1 ? (owners.values().next().value ?? null) : null;
  };
}
