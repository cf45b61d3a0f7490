/**
 * Same-day alerts' own records in the user-data database (user-data/user-data.ts): what Weft
 * learned of each followed researcher, the reader's edits to the watched categories (with when
 * they last changed, for browser sync: watch-sync.ts), the state
 * of each announcement address (its validators and which announcement its content was), topic
 * matches, the last read's outcome (`same-day`); and the reader's followed topics
 * (`topic-follows`) with when each was changed or removed (`topic-stamps`, for browser sync:
 * topic-sync.ts). One writer, serialised like the follow store; read back part by part, a
 * damaged part reset rather than failing the rest.
 */
import * as v from 'valibot';
import { createSerial } from '../serial';
import { readUserData, writeUserData } from '../user-data/user-data';
import { USER_DATA } from '../user-data/schema';
import type { Digest } from './digest';
import type { WatchEdits } from './watch';
import type { TopicFollow, TopicHit } from '../../shared/follows/topics';
import { stampChanges, type SyncedTopics, type TopicStamps } from './topic-merge';
import { json, nextStamp } from '../sync/stamped';
import type { Unreadable } from '../../shared/announcement-read';

const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const Time = v.pipe(v.number(), v.finite());
const Strings = v.array(v.string());

const DigestSchema = v.object({
  names: Strings,
  coauthors: v.array(v.object({ name: v.string(), id: v.nullable(v.string()), works: v.number() })),
  institutions: Strings,
  categories: v.record(v.string(), v.number()),
  archives: Strings,
  refreshedAt: v.nullable(Time),
});

/** One announcement address: what its last answer was and when to ask again. */
export interface FeedState {
  /** The day arXiv lists the content read under (null when it did not say). */
  listedAs: string | null;
  etag: string | null;
  lastModified: string | null;
  /** The announcement (its US Eastern day) whose content was read from it. */
  readFor: string | null;
  /** When it was last asked (epoch ms). */
  askedAt: number;
  /** Not to be asked before then: it still showed the previous announcement, or failed. */
  retryAt: number | null;
  /** Requests for the current announcement that found it not updated yet. */
  tries: number;
}

const FeedStateSchema = v.object({
  listedAs: v.nullable(Day),
  etag: v.nullable(v.string()),
  lastModified: v.nullable(v.string()),
  readFor: v.nullable(Day),
  askedAt: Time,
  retryAt: v.nullable(Time),
  tries: v.number(),
});

export type ReadProblemKind = 'no-access' | 'unreadable' | 'network' | 'rate-limited' | 'not-updated' | 'internal';

/**
 * Why the last attempt could not read the announcement, as plain data the settings page words
 * (never a sentence: it reads in the reader's language). Records of shape version 1 held an
 * English `message` instead of the fields after `at`: they read with those fields null.
 */
export interface ReadProblem {
  kind: ReadProblemKind;
  at: number;
  /** The address asked, without its scheme (`arxiv.org/list/cs.DC/new`); null for an error in Weft itself. */
  address: string | null;
  /** The HTTP status arXiv answered with; null when it gave none (no answer, a timeout, no access). */
  status: number | null;
  /** `unreadable`: what the answer was instead of an announcement. */
  unreadable: Unreadable | null;
  /** `not-updated`: the day arXiv did not list an announcement for (yyyy-mm-dd). */
  listedAs: string | null;
}

const ReadProblemSchema = v.object({
  kind: v.picklist(['no-access', 'unreadable', 'network', 'rate-limited', 'not-updated', 'internal']),
  at: Time,
  address: v.optional(v.nullable(v.string()), null),
  status: v.optional(v.nullable(v.number()), null),
  unreadable: v.optional(v.nullable(v.picklist(['too-large', 'declarations', 'not-an-announcement'])), null),
  listedAs: v.optional(v.nullable(Day), null),
});

export interface SameDayStatus {
  /** The last read that found an announcement: when, which, what it held and found. */
  lastRead: {
    at: number;
    /** US Eastern day of the announcement. */
    announcement: string;
    listedAs: string | null;
    papers: number;
    found: number;
    guesses: number;
    topicHits: number;
    requests: number;
    credits: number;
    /**
     * Milliseconds of the read's own work, for `npm run bench` and diagnosis: parsing and sieving
     * what arXiv served (the offscreen document included), and matching the names it kept.
     */
    parseMs: number;
    matchMs: number;
  } | null;
  /** Why the last attempt could not read the announcement (alerts then come from the catalog only). */
  problem: ReadProblem | null;
}

const StatusSchema = v.object({
  lastRead: v.nullable(v.object({
    at: Time, announcement: Day, listedAs: v.nullable(Day), papers: v.number(), found: v.number(), guesses: v.number(),
    topicHits: v.number(), requests: v.number(), credits: v.number(), parseMs: v.optional(v.number(), 0), matchMs: v.optional(v.number(), 0),
  })),
  problem: v.nullable(ReadProblemSchema),
});

const TopicHitSchema = v.object({
  topicId: v.string(), arxivId: v.string(), title: v.string(), authorNames: Strings, authorCount: v.number(), categories: Strings,
  words: Strings, listedAs: Day, announcedAt: Time, foundAt: Time, notified: v.boolean(),
});

export interface SameDayData {
  edits: WatchEdits;
  /**
   * When the reader last changed `edits`, on whichever computer (../sync/stamped.ts); 0: never.
   * Null in records stored before the edits synced (shape version 2 and before), until the first
   * merge stamps them (watch-sync.ts).
   */
  editsStamp: number | null;
  digests: Record<string, Digest>;
  feeds: Record<string, FeedState>;
  topicHits: TopicHit[];
  /** Topic matches marked seen (`<topic id> <arXiv id>` → day listed), so a later read does not bring them back. */
  topicSeen: Record<string, string>;
  status: SameDayStatus;
}

const EMPTY: SameDayData = {
  edits: { added: [], removed: [] },
  editsStamp: null,
  digests: {},
  feeds: {},
  topicHits: [],
  topicSeen: {},
  status: { lastRead: null, problem: null },
};

const TopicSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^t\d{1,15}$/)),
  query: v.string(),
  categories: Strings,
  ring: v.boolean(),
  followedAt: Time,
});

/** A part of the stored object, or its empty value when it is missing or damaged. */
function part<T>(raw: unknown, schema: v.GenericSchema<unknown, T>, fallback: T, what: string): T {
  if (raw === undefined) return fallback;
  const r = v.safeParse(schema, raw);
  if (r.success) return r.output;
  console.warn(`Weft: resetting the damaged same-day ${what}`, r.issues[0]?.message);
  return fallback;
}

/** Each entry of a record that matches `schema`; the others dropped. */
function entries<T>(raw: unknown, schema: v.GenericSchema<unknown, T>): Record<string, T> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, T> = {};
  for (const [k, value] of Object.entries(raw)) {
    const r = v.safeParse(schema, value);
    if (r.success) out[k] = r.output;
  }
  return out;
}

function fromStored(raw: unknown): SameDayData {
  if (!raw || typeof raw !== 'object') return EMPTY;
  const o = raw as Record<string, unknown>;
  return {
    edits: part(o.edits, v.object({ added: Strings, removed: Strings }), EMPTY.edits, 'category edits'),
    editsStamp: part(o.editsStamp, v.nullable(Time), EMPTY.editsStamp, 'category edits stamp'),
    digests: entries(o.digests, DigestSchema),
    feeds: entries(o.feeds, FeedStateSchema),
    topicHits: Array.isArray(o.topicHits) ? o.topicHits.flatMap((h) => { const r = v.safeParse(TopicHitSchema, h); return r.success ? [r.output] : []; }) : [],
    topicSeen: entries(o.topicSeen, Day),
    status: part(o.status, StatusSchema, EMPTY.status, 'status'),
  };
}

const TopicStampsSchema = v.object({ stamps: v.record(v.string(), Time), removed: v.record(v.string(), Time) });
const NO_STAMPS: TopicStamps = { stamps: {}, removed: {} };

function topicsFrom(raw: unknown): TopicFollow[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t) => { const r = v.safeParse(TopicSchema, t); return r.success ? [r.output] : []; });
}

/** What the store needs of the user-data database (user-data.ts; another profile's in tests). */
export interface UserDataAccess {
  read: typeof readUserData;
  write: typeof writeUserData;
}

export function createSameDayStore(userData: UserDataAccess = { read: readUserData, write: writeUserData }, now: () => number = Date.now) {
  const exclusive = createSerial();
  // Who hears of the reader's own changes, by what they change (browser sync: topic-sync.ts, watch-sync.ts).
  const readerChanges = { topics: new Set<() => void>(), edits: new Set<() => void>() };
  const tell = (what: keyof typeof readerChanges) => readerChanges[what].forEach((listener) => listener());

  async function read(): Promise<SameDayData> {
    return fromStored((await userData.read([USER_DATA.sameDay])).values[USER_DATA.sameDay]);
  }

  /** Applies `change` (null: nothing to write), atomically within this worker. */
  function update<R>(change: (d: SameDayData) => { data: SameDayData; result: R } | null): Promise<R | null> {
    return exclusive(async () => {
      const next = change(await read());
      if (!next) return null;
      await userData.write({ [USER_DATA.sameDay]: next.data });
      return next.result;
    });
  }

  async function readTopics(): Promise<TopicFollow[]> {
    return topicsFrom((await userData.read([USER_DATA.topics])).values[USER_DATA.topics]);
  }

  /** The topics with when each was changed or removed (topic-merge.ts). */
  async function readSyncedTopics(): Promise<SyncedTopics> {
    const { values } = await userData.read([USER_DATA.topics, USER_DATA.topicStamps]);
    return { topics: topicsFrom(values[USER_DATA.topics]), ...part(values[USER_DATA.topicStamps], TopicStampsSchema, NO_STAMPS, 'topic stamps') };
  }

  /** The reader's change to the topics: what it changes is stamped, with the topics in one write. */
  function updateTopics<R>(change: (topics: TopicFollow[]) => { topics: TopicFollow[]; result: R } | null): Promise<R | null> {
    return exclusive(async () => {
      const before = await readSyncedTopics();
      const next = change(before.topics);
      if (!next) return null;
      const stamps = stampChanges(before, next.topics, now());
      await userData.write({ [USER_DATA.topics]: next.topics, ...(stamps ? { [USER_DATA.topicStamps]: stamps } : {}) });
      if (stamps) tell('topics');
      return next.result;
    });
  }

  /**
   * Stores what `change` makes of the topics and their stamps (null: leave them), serialised with
   * every other change: another computer's changes merged in. In the same write, the matches of a
   * topic given another id (`renames`) go with it, and those of a topic no longer followed go.
   */
  function replaceSyncedTopics(change: (current: SyncedTopics) => { next: SyncedTopics; renames: Record<string, string> } | null): Promise<void> {
    return exclusive(async () => {
      const made = change(await readSyncedTopics());
      if (!made) return;
      const { next, renames } = made;
      const data = await read();
      const live = new Set(next.topics.map((tp) => tp.id));
      const key = (h: TopicHit) => `${h.topicId} ${h.arxivId}`;
      const hits = new Map(data.topicHits.map((h) => ({ ...h, topicId: renames[h.topicId] ?? h.topicId })).filter((h) => live.has(h.topicId)).map((h) => [key(h), h]));
      const topicSeen = Object.fromEntries(Object.entries(data.topicSeen).map(([k, day]) => {
        const [id = '', arxivId = ''] = k.split(' ');
        return [`${renames[id] ?? id} ${arxivId}`, day];
      }));
      await userData.write({
        [USER_DATA.topics]: next.topics,
        [USER_DATA.topicStamps]: { stamps: next.stamps, removed: next.removed },
        [USER_DATA.sameDay]: { ...data, topicHits: [...hits.values()], topicSeen },
      });
    });
  }

  /** The reader's change to the watched-category edits: stamped, with the edits in one write. */
  function updateEdits(change: (edits: WatchEdits) => WatchEdits): Promise<void> {
    return exclusive(async () => {
      const data = await read();
      const edits = change(data.edits);
      if (json(edits) === json(data.edits)) return;
      await userData.write({ [USER_DATA.sameDay]: { ...data, edits, editsStamp: nextStamp(data.editsStamp ?? undefined, now()) } });
      tell('edits');
    });
  }

  /** Calls `listener` after each change the reader made to the topics, or to the watched-category edits. */
  const onTopicsChange = (listener: () => void): void => void readerChanges.topics.add(listener);
  const onEditsChange = (listener: () => void): void => void readerChanges.edits.add(listener);

  return { read, update, updateEdits, readTopics, updateTopics, readSyncedTopics, replaceSyncedTopics, onTopicsChange, onEditsChange };
}

export const sameDayStore = createSameDayStore();
export type SameDayStore = ReturnType<typeof createSameDayStore>;
