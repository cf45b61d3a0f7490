/**
 * The popup's inbox as the reader sees it: new papers grouped by researcher, the group with
 * the newest paper first, newest first within a group. A paper by several followed researchers
 * is listed once, under the first of them, and names the others. A paper from arXiv's
 * announcement that only carries a followed name (a guess) is listed under that researcher,
 * apart and muted, with why Weft cannot tell (docs/same-day-alerts.md).
 */
import type { FollowedResearcher, NewPaper } from '../background/follows/service';
import type { FollowsState } from '../background/protocol';
import type { SameDayEvidence } from '../shared/follows/model';

export type PaperMatch = 'record' | 'inferred' | 'guess';

export interface InboxPaper extends NewPaper {
  /** The followed researcher it is listed for (bare A id). */
  forId: string;
  /** How Weft knows it is theirs: the catalog's authorship, evidence beyond the name, or the name alone. */
  match: PaperMatch;
  /** `arxiv`: from arXiv's announcement (no catalog record yet); `openalex`: the catalog's record. */
  from: 'arxiv' | 'openalex';
  /** How Weft knows, in words (for a paper from the announcement). */
  why: string | null;
  /** Other followed researchers on the paper (names). */
  alsoBy: string[];
}

export interface InboxGroup {
  researcher: { id: string; name: string };
  /** Papers that count (a record, or evidence beyond the name). */
  papers: InboxPaper[];
  /** Name-only matches: "possibly them", never counted. */
  guesses: InboxPaper[];
}

const newestFirst = (a: NewPaper, b: NewPaper) =>
  a.createdDate === b.createdDate ? b.foundAt - a.foundAt : a.createdDate < b.createdDate ? 1 : -1;

const list = (names: string[]) => (names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** The evidence in words: "with A. Li and B. Ortiz, co-authors of 4 earlier papers". */
export function evidenceText(e: SameDayEvidence | undefined): string | null {
  if (!e) return null;
  switch (e.kind) {
    case 'coauthors': {
      const who = list(e.coauthors);
      const one = e.coauthors.length === 1;
      if (e.sharedWorks === null) return `with ${who}, ${one ? 'a co-author' : 'co-authors'} of theirs`;
      return `with ${who}, ${one ? 'co-author' : 'co-authors'} of ${e.sharedWorks === 1 ? 'an earlier paper' : `${e.sharedWorks} earlier papers`}`;
    }
    case 'affiliation':
      return `at ${e.institution}, their institution, printed beside the name`;
    case 'name':
      return e.usual ? 'only the name matches, in a category they post in' : 'only the name matches, outside the categories they post in';
  }
}

export function groupInbox(inbox: readonly NewPaper[], follows: readonly Pick<FollowedResearcher, 'id' | 'name'>[]): InboxGroup[] {
  const names = new Map(follows.map((f) => [f.id, f.name]));
  const groups = new Map<string, InboxGroup>();
  const groupOf = (id: string) => {
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { researcher: { id, name: names.get(id)! }, papers: [], guesses: [] }));
    return group;
  };
  for (const paper of [...inbox].sort(newestFirst)) {
    const followed = paper.authorIds.filter((id) => names.has(id));
    const guessed = (paper.guessFor ?? []).filter((id) => names.has(id));
    const owner = followed[0] ?? guessed[0];
    if (!owner) continue;
    const counted = followed.length > 0;
    const from = paper.workId === null ? 'arxiv' : 'openalex';
    const view: InboxPaper = {
      ...paper,
      forId: owner,
      match: from === 'openalex' ? 'record' : counted ? 'inferred' : 'guess',
      from,
      why: from === 'arxiv' ? evidenceText(paper.evidence?.[owner]) : null,
      alsoBy: (counted ? followed : guessed).slice(1).map((id) => names.get(id)!),
    };
    (counted ? groupOf(owner).papers : groupOf(owner).guesses).push(view);
  }
  // Papers were added newest first, so each group's first paper is its newest: Map order is right
  // (a group of guesses only comes after those with papers that count).
  return [...groups.values()].sort((a, b) => Number(b.papers.length > 0) - Number(a.papers.length > 0));
}

/**
 * What the popup counts as new, as Weft's icon does: papers that count for a researcher still
 * followed (never a guess), and matches of topics that ring.
 */
export function unseenTotal(data: Pick<FollowsState, 'inbox' | 'follows' | 'sameDay'>): number {
  const followed = new Set(data.follows.map((f) => f.id));
  const papers = data.inbox.filter((p) => p.authorIds.some((id) => followed.has(id))).length;
  const ringing = new Set(data.sameDay.topics.filter((t) => t.ring).map((t) => t.id));
  return papers + data.sameDay.topicHits.filter((h) => ringing.has(h.topicId)).length;
}
