/**
 * The popup's inbox as the reader sees it: new papers grouped by researcher, the group with
 * the newest paper first, newest first within a group. A paper by several followed researchers
 * is listed once, under the first of them, and names the others.
 */
import type { FollowedResearcher, NewPaper } from '../background/follows/service';

export interface InboxPaper extends NewPaper {
  /** Other followed researchers on the paper (names). */
  alsoBy: string[];
}

export interface InboxGroup {
  researcher: { id: string; name: string };
  papers: InboxPaper[];
}

const newestFirst = (a: NewPaper, b: NewPaper) =>
  a.createdDate === b.createdDate ? b.foundAt - a.foundAt : a.createdDate < b.createdDate ? 1 : -1;

export function groupInbox(inbox: readonly NewPaper[], follows: readonly Pick<FollowedResearcher, 'id' | 'name'>[]): InboxGroup[] {
  const names = new Map(follows.map((f) => [f.id, f.name]));
  const groups = new Map<string, InboxGroup>();
  for (const paper of [...inbox].sort(newestFirst)) {
    const followed = paper.authorIds.filter((id) => names.has(id));
    const owner = followed[0];
    if (!owner) continue;
    let group = groups.get(owner);
    if (!group) groups.set(owner, (group = { researcher: { id: owner, name: names.get(owner)! }, papers: [] }));
    group.papers.push({ ...paper, alsoBy: followed.slice(1).map((id) => names.get(id)!) });
  }
  // Papers were added newest first, so each group's first paper is its newest: Map order is right.
  return [...groups.values()];
}
