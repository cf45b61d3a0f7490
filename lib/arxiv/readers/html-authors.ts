// The persons an HTML-view author block names, and what it prints about them. Names come from
// each creator's personname (several when LaTeXML left a tabular \author block unsplit); a block
// that names only a collaboration lists its members in an appendix. Affiliations, e-mails and
// ORCIDs are tied to a person only when the page ties them to that name (docs/arxiv-pages.md,
// "Author block"); the rest is evidence for the paper as a whole.

import type { PrintedEvidence } from '../page-model';
import { SELECTORS, queryAll, queryFirst, type SelectorList } from '../selectors';
import { createEmailMatcher, findOrcids, mailtoEmails, orcidOfHref, type PrintedEmail } from './html-evidence';
import { classify, hasLetters, readLines, splitLine, type Classifier, type Line } from './html-lines';
import {
  affiliationStart,
  isCollaboration,
  readAffiliationLine,
  readNameLine,
  startsWithMark,
  type PrintedAffiliation,
  type PrintedName,
} from './html-names';

const ELEMENT_NODE = 1;

export interface HtmlPerson extends PrintedName {
  printedEvidence: PrintedEvidence;
}

export interface HtmlAuthors {
  persons: HtmlPerson[];
  paper: { affiliations: string[]; emailDomains: string[] };
}

/** What one creator prints. */
interface Creator {
  persons: number[];
  /** Affiliations not labelled by a mark. */
  affiliations: string[];
  emails: PrintedEmail[];
  orcids: string[];
}

/** A contact line's text without its label: "Affiliation: KTH, Sweden" → "KTH, Sweden". */
function contactAffiliation(lines: Line[]): { text: string | null; labelled: PrintedAffiliation[]; emails: PrintedEmail[] } {
  const parts: string[] = [];
  const labelled: PrintedAffiliation[] = [];
  const emails: PrintedEmail[] = [];
  for (const line of lines) {
    const read = readAffiliationLine(line);
    emails.push(...read.emails);
    for (const affiliation of read.affiliations) {
      if (affiliation.label) labelled.push(affiliation);
      else parts.push(affiliation.text);
    }
  }
  // One contact is one affiliation, however many lines it takes.
  return { text: parts.length > 0 ? parts.join(', ') : null, labelled, emails };
}

/** The line that holds the names: the first with letters that is not a marked affiliation. */
function nameLineIndex(lines: Line[]): number {
  return lines.findIndex((line) => hasLetters(line) && !startsWithMark(line));
}

type Part = 'personNames' | 'contacts' | 'notes' | 'mailtos';

/** How the elements of one author block read: one query per kind for the whole block. */
interface BlockKinds {
  text: Classifier;
  parts: ReadonlyMap<Element, Part>;
  affiliationContacts: ReadonlySet<Element>;
  orcidContacts: ReadonlySet<Element>;
}

function blockKinds(authorsElement: Element): BlockKinds {
  const parts = new Map<Element, Part>();
  const add = (selectors: SelectorList, part: Part) => {
    for (const element of queryAll(authorsElement, selectors)) parts.set(element, part);
  };
  add(SELECTORS.htmlPersonName, 'personNames');
  add(SELECTORS.htmlContact, 'contacts');
  add(SELECTORS.htmlNoteContent, 'notes');
  add(SELECTORS.htmlMailto, 'mailtos');
  return {
    text: classify(authorsElement),
    parts,
    affiliationContacts: new Set(queryAll(authorsElement, SELECTORS.htmlAffiliationContact)),
    orcidContacts: new Set(queryAll(authorsElement, SELECTORS.htmlOrcidContact)),
  };
}

/** A creator's parts in document order, from one walk rather than queries per creator. */
function partsOf(creator: Element, kinds: BlockKinds): Record<Part, Element[]> {
  const found: Record<Part, Element[]> = { personNames: [], contacts: [], notes: [], mailtos: [] };
  const visit = (parent: Element) => {
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child?.nodeType !== ELEMENT_NODE) continue;
      const part = kinds.parts.get(child as Element);
      if (part) found[part].push(child as Element);
      visit(child as Element);
    }
  };
  visit(creator);
  return found;
}

function readCreator(
  creator: Element,
  kinds: BlockKinds,
  persons: PrintedName[],
  collaborations: string[],
  labelled: PrintedAffiliation[],
): Creator {
  const read: Creator = { persons: [], affiliations: [], emails: [], orcids: [] };
  const parts = partsOf(creator, kinds);
  for (const personName of parts.personNames) {
    const lines = readLines(personName, kinds.text);
    const at = nameLineIndex(lines);
    const cut = at >= 0 ? affiliationStart(lines[at]!) : null;
    if (cut !== null) lines.splice(at, 1, ...splitLine(lines[at]!, cut));
    lines.forEach((line, i) => {
      if (i === at) {
        const names = readNameLine(line);
        for (const name of names.names) read.persons.push(persons.push(name) - 1);
        collaborations.push(...names.collaborations);
        read.emails.push(...names.emails);
        return;
      }
      const { affiliations, emails } = readAffiliationLine(line);
      read.emails.push(...emails);
      for (const affiliation of affiliations) {
        if (affiliation.label) labelled.push(affiliation);
        else read.affiliations.push(affiliation.text);
      }
    });
  }
  for (const contact of parts.contacts) {
    const lines = readLines(contact, kinds.text);
    if (kinds.orcidContacts.has(contact)) {
      const link = lines.flatMap((line) => line.markers).find((marker) => marker.kind === 'orcid');
      const id = (link && orcidOfHref(link.value)) ?? findOrcids(lines.map((line) => line.text).join(' '))[0]?.id;
      if (id) read.orcids.push(id);
      continue;
    }
    const { text, labelled: marked, emails } = contactAffiliation(lines);
    read.emails.push(...emails);
    if (kinds.affiliationContacts.has(contact)) {
      if (text) read.affiliations.push(text);
      labelled.push(...marked);
    }
  }
  // E-mails in footnotes and \thanks ("Corresponding author: …"), and filled mailto links.
  for (const note of parts.notes) {
    for (const line of readLines(note, kinds.text)) read.emails.push(...readAffiliationLine(line).emails);
  }
  for (const link of parts.mailtos) read.emails.push(...mailtoEmails(link.getAttribute('href') ?? ''));
  return read;
}

/**
 * The members a collaboration's paper lists in an appendix ("The CMS Collaboration"): in each
 * paragraph, a bold institute heading, then its members' names.
 */
function readMemberList(article: Element): { persons: PrintedName[]; institutes: string[] } {
  const persons: PrintedName[] = [];
  const institutes: string[] = [];
  for (const section of queryAll(article, SELECTORS.htmlAuthorListSection)) {
    if (!isCollaboration(queryFirst(section, SELECTORS.htmlSectionTitle)?.textContent ?? '')) continue;
    const kinds = classify(section, { headings: true });
    for (const paragraph of queryAll(section, SELECTORS.htmlParagraph)) {
      // A paragraph without a heading (the notes on the marks) lists no one.
      let institute: string | null = null;
      for (const line of readLines(paragraph, kinds)) {
        if (!hasLetters(line)) continue;
        if (line.heading) {
          institute = readAffiliationLine(line).affiliations.map((affiliation) => affiliation.text).join(', ');
        } else if (institute !== null) {
          for (const name of readNameLine(line).names) {
            persons.push(name);
            institutes.push(institute);
          }
        }
      }
    }
  }
  return { persons, institutes };
}

/** Evidence as it is gathered: sets, because a shared affiliation is printed once per creator. */
interface Gathered {
  affiliations: Set<string>;
  orcid: string | null;
  emailDomains: Set<string>;
}

function gathered(affiliations: string[] = []): Gathered {
  return { affiliations: new Set(affiliations), orcid: null, emailDomains: new Set() };
}

export function readHtmlAuthors(authorsElement: Element | null, article: Element): HtmlAuthors {
  const persons: PrintedName[] = [];
  const collaborations: string[] = [];
  const labelled: PrintedAffiliation[] = [];
  const creators: Creator[] = [];
  if (authorsElement) {
    const kinds = blockKinds(authorsElement);
    for (const creator of queryAll(authorsElement, SELECTORS.htmlCreator)) {
      creators.push(readCreator(creator, kinds, persons, collaborations, labelled));
    }
  }
  const evidence = persons.map(() => gathered());
  const paper = gathered();
  // A block that names one person prints that person's affiliations and addresses.
  const sole = persons.length === 1 ? 0 : null;

  if (persons.length === 0 && collaborations.length > 0) {
    const members = readMemberList(article);
    members.persons.forEach((person, i) => {
      persons.push(person);
      evidence.push(gathered([members.institutes[i]!]));
    });
  }

  const ownerOf = createEmailMatcher(persons.map((person) => person.name));
  for (const creator of creators) {
    const owners = creator.emails.map((address) => sole ?? ownerOf(address));
    creator.emails.forEach((address, i) => {
      const owner = owners[i];
      (owner == null ? paper : evidence[owner]!).emailDomains.add(address.domain);
    });
    // A creator's own affiliations are its person's only when its e-mail says whose it is:
    // LaTeXML shifts them by a creator, and a shift shows as an address on the wrong name.
    const [only] = creator.persons;
    const confirmed = sole ?? (creator.persons.length === 1 && only !== undefined && owners.includes(only) ? only : null);
    const target = confirmed == null ? paper : evidence[confirmed]!;
    for (const affiliation of creator.affiliations) target.affiliations.add(affiliation);
    if (confirmed != null) target.orcid ??= creator.orcids[0] ?? null;
  }

  // Marks tie names to affiliations ("Spathis¹,²" … "¹University of Exampleton") when each
  // label names one affiliation.
  const byLabel = new Map<string, string | null>();
  for (const { label, text } of labelled) {
    if (label !== null) byLabel.set(label, byLabel.has(label) && byLabel.get(label) !== text ? null : text);
  }
  const tied = new Set<string>();
  persons.forEach((person, i) => {
    for (const label of person.labels) {
      const text = byLabel.get(label);
      if (!text) continue;
      evidence[i]!.affiliations.add(text);
      tied.add(text);
    }
    if (person.orcid) evidence[i]!.orcid = person.orcid;
  });
  for (const { text } of labelled) {
    if (sole !== null) evidence[sole]!.affiliations.add(text);
    else if (!tied.has(text)) paper.affiliations.add(text);
  }

  return {
    persons: persons.map((person, i) => {
      const { affiliations, orcid, emailDomains } = evidence[i]!;
      return { ...person, printedEvidence: { affiliations: [...affiliations], orcid, emailDomains: [...emailDomains] } };
    }),
    paper: { affiliations: [...paper.affiliations], emailDomains: [...paper.emailDomains] },
  };
}
