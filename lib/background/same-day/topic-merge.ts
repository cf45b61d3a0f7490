/**
 * Followed topics merged between the reader's computers (topic-sync.ts), topic by topic: each
 * topic, and each removal, carries a stamp (../sync/stamped.ts: the newer change wins). A removal
 * is remembered as such (a tombstone) so that a computer still holding the topic does not bring
 * it back; it is kept `REMOVAL_KEPT_MS` (the newest `MAX_REMOVALS`), and a computer that comes
 * back after longer may bring back a topic removed meanwhile.
 *
 * Ids: a topic followed now has an id no other computer makes (`newTopicId`); one followed before
 * topics synced (`t` and its time) gets such an id at its first merge, its matches with it. The
 * same topic followed on two computers (the same words and categories: moved by the export file
 * before topics synced, or followed on both) ends as one, the one of the smaller id.
 * docs/reliability.md, User data and Settings sync.
 */
import { isUniqueTopicId, newTopicId, topicCategories, topicTerms, type TopicFollow } from '../../shared/follows/topics';
import { cleanName } from '../../shared/follows/file';
import { json, nextStamp, wins, type Stamped } from '../sync/stamped';

/** When each topic was last changed (by id; a topic never changed since it was followed: its `followedAt`), and when each removed one was removed. */
export interface TopicStamps {
  stamps: Record<string, number>;
  removed: Record<string, number>;
}

export interface SyncedTopics extends TopicStamps {
  topics: TopicFollow[];
}

/** A removal is remembered this long (and at most `MAX_REMOVALS` of them)… */
export const REMOVAL_KEPT_MS = 60 * 86_400_000;
export const MAX_REMOVALS = 100;
/** …and taken out of `storage.sync` this much later, so that a computer whose clock is behind does not write it back. */
const REMOVAL_SLACK_MS = 86_400_000;

/** What `storage.sync` holds of a topic (its id names the item); a removed one: null. */
export type TopicValue = Omit<TopicFollow, 'id'>;

const valueOf = ({ query, categories, ring, followedAt }: TopicFollow): TopicValue => ({ query, categories, ring, followedAt });
const FIELDS = 'categories,followedAt,query,ring';

/** A synced topic as this Weft would keep it; null when damaged or holding what only a newer Weft knows. */
function asTopic(id: string, v: unknown): TopicFollow | null {
  if (typeof v !== 'object' || v === null || Object.keys(v).sort().join() !== FIELDS) return null;
  const { query, categories, ring, followedAt } = v as Record<string, unknown>;
  if (typeof query !== 'string' || !Array.isArray(categories) || typeof ring !== 'boolean' || typeof followedAt !== 'number' || !Number.isFinite(followedAt)) return null;
  const topic = { id, query: cleanName(query), categories: topicCategories(categories.filter((c): c is string => typeof c === 'string')), ring, followedAt };
  return isUniqueTopicId(id) && topicTerms(topic.query).length > 0 && json(valueOf(topic)) === json(valueOf(v as TopicFollow)) ? topic : null;
}

const stampOf = (s: TopicStamps, tp: TopicFollow): number => s.stamps[tp.id] ?? tp.followedAt;

/** The stamps after the reader changed `before.topics` into `after` at `now`: null when nothing changed. */
export function stampChanges(before: SyncedTopics, after: readonly TopicFollow[], now: number): TopicStamps | null {
  const was = new Map(before.topics.map((tp) => [tp.id, tp]));
  const stamps = { ...before.stamps };
  const removed = { ...before.removed };
  let changed = false;
  for (const tp of after) {
    const old = was.get(tp.id);
    was.delete(tp.id);
    if (old && json(valueOf(old)) === json(valueOf(tp))) continue;
    stamps[tp.id] = nextStamp(old ? stampOf(before, old) : removed[tp.id], now);
    delete removed[tp.id];
    changed = true;
  }
  for (const old of was.values()) {
    removed[old.id] = nextStamp(stampOf(before, old), now);
    delete stamps[old.id];
    changed = true;
  }
  return changed ? { stamps, removed } : null;
}

export interface TopicMerge {
  /** What to store here. */
  next: SyncedTopics;
  /** Old id → the id its topic has now (its matches go with it). */
  renames: Record<string, string>;
  /** Whether the topics followed here changed (another computer's change taken, an id given). */
  changed: boolean;
  /** Whether anything is to be stored here (the topics, or only their stamps). */
  store: boolean;
  /** Newer here: to write to `storage.sync`, by id (null for a removal). */
  write: Record<string, Stamped>;
  /** Removals remembered long enough: to take out of `storage.sync`. */
  remove: string[];
}

/** The content that makes two topics the same one. */
const sameness = (tp: TopicFollow) => `${tp.query.toLowerCase()}\n${[...tp.categories].sort().join(' ')}`;

/** This computer's topics merged with what `storage.sync` holds (`remote`, by id). */
export function mergeTopics(local: SyncedTopics, remote: Record<string, Stamped>, now: number): TopicMerge {
  const renames: Record<string, string> = {};
  const taken = new Set([...local.topics.map((tp) => tp.id), ...Object.keys(local.removed), ...Object.keys(remote)]);
  const topics = new Map<string, TopicFollow>();
  const stamps: Record<string, number> = {};
  let removed: Record<string, number> = {};
  let changed = false;

  // Topics followed before they synced: an id no other computer has.
  for (const tp of local.topics) {
    const id = isUniqueTopicId(tp.id) ? tp.id : newTopicId(taken);
    taken.add(id);
    if (id !== tp.id) renames[tp.id] = id;
    topics.set(id, { ...tp, id });
    stamps[id] = stampOf(local, tp);
  }
  for (const [id, t] of Object.entries(local.removed)) if (isUniqueTopicId(id)) removed[id] = t;

  // Each topic to its newer version: this computer's, or the one there.
  const write: Record<string, Stamped> = {};
  for (const id of new Set([...topics.keys(), ...Object.keys(removed), ...Object.keys(remote)])) {
    const tp = topics.get(id);
    const here: Stamped | null = tp ? { v: valueOf(tp), t: stamps[id]! } : id in removed ? { v: null, t: removed[id]! } : null;
    const there = remote[id];
    const usable = there && (there.v === null || asTopic(id, there.v));
    if (there && usable && (!here || wins(there, here))) {
      if (usable === true) {
        if (tp) changed = true;
        topics.delete(id);
        delete stamps[id];
        removed[id] = there.t;
      } else {
        changed = true;
        topics.set(id, usable);
        stamps[id] = there.t;
        delete removed[id];
      }
    } else if (here && (!there || wins(here, there))) {
      write[id] = here;
    }
  }

  // The same topic followed on two computers: one, the smaller id, its matches with it.
  const first = new Map<string, string>();
  for (const id of [...topics.keys()].sort()) {
    const same = sameness(topics.get(id)!);
    const kept = first.get(same);
    if (!kept) {
      first.set(same, id);
      continue;
    }
    const t = nextStamp(stamps[id], now);
    topics.delete(id);
    delete stamps[id];
    removed[id] = t;
    write[id] = { v: null, t };
    for (const [from, to] of Object.entries(renames)) if (to === id) renames[from] = kept;
    renames[id] = kept;
    changed = true;
  }

  // Removals remembered long enough are forgotten here, and a day later taken out of storage.sync.
  removed = Object.fromEntries(Object.entries(removed).filter(([, t]) => t > now - REMOVAL_KEPT_MS).sort((a, b) => b[1] - a[1]).slice(0, MAX_REMOVALS));
  for (const [id, item] of Object.entries(write)) if (item.v === null && !(id in removed)) delete write[id];
  const remove = Object.entries(remote)
    .filter(([id, item]) => item.v === null && !(id in removed) && !topics.has(id) && (item.t <= now - REMOVAL_KEPT_MS - REMOVAL_SLACK_MS || item.t > now - REMOVAL_KEPT_MS))
    .map(([id]) => id);

  const next: SyncedTopics = { topics: [...topics.values()], stamps, removed };
  changed ||= Object.keys(renames).length > 0;
  return { next, renames, changed, store: changed || !sameStamps(local, next), write, remove };
}

const sorted = (r: Record<string, number>) => json(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)));
const sameStamps = (a: TopicStamps, b: TopicStamps) => sorted(a.stamps) === sorted(b.stamps) && sorted(a.removed) === sorted(b.removed);
