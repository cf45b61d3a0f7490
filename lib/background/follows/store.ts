/**
 * The background's access to follow data in the user-data database (user-data/user-data.ts).
 * One writer: every change goes through `update` (or the settings/status helpers), serialised
 * within the service worker, so a follow arriving during a check can never be lost to an
 * interleaved read-modify-write. The follows and the inbox change together in one transaction
 * (marking a paper seen moves it from one to the other): never half a change.
 *
 * What is read back is checked entry by entry: a damaged entry is dropped (and logged) rather
 * than failing every read, so one bad record never blocks the others.
 */
import * as v from 'valibot';
import { readSettings as readAllSettings, updateSettings as updateAllSettings } from '../settings/store';
import { createSerial } from '../serial';
import { readUserData, writeUserData } from '../user-data/user-data';
import { USER_DATA } from '../user-data/schema';
import { OpenAlexAuthorId, OpenAlexWorkId } from '../catalog/schemas/ids';
import {
  clampInterval,
  EMPTY_STATUS,
  type AlertSettings,
  type CheckStatus,
  type FollowEntry,
  type InboxEntry,
} from '../../shared/follows/model';

const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const Time = v.pipe(v.number(), v.finite());

const FollowEntrySchema = v.object({
  id: OpenAlexAuthorId,
  name: v.string(),
  followedAt: Time,
  checkedAt: v.nullable(Time),
  seen: v.record(OpenAlexWorkId, Day),
  seenArxiv: v.optional(v.record(v.string(), Day)),
});

const Evidence = v.variant('kind', [
  v.object({ kind: v.literal('coauthors'), coauthors: v.array(v.string()), sharedWorks: v.nullable(v.number()) }),
  v.object({ kind: v.literal('affiliation'), institution: v.string() }),
  v.object({ kind: v.literal('name'), usual: v.boolean() }),
]);

const InboxEntrySchema = v.object({
  workId: v.nullable(OpenAlexWorkId),
  arxivId: v.nullable(v.string()),
  title: v.string(),
  authorNames: v.array(v.string()),
  authorCount: v.number(),
  year: v.nullable(v.number()),
  createdDate: Day,
  foundAt: Time,
  authorIds: v.array(OpenAlexAuthorId),
  notified: v.boolean(),
  source: v.optional(v.literal('arxiv')),
  announcedAt: v.optional(Time),
  categories: v.optional(v.array(v.string())),
  evidence: v.optional(v.record(OpenAlexAuthorId, Evidence)),
  guessFor: v.optional(v.array(OpenAlexAuthorId)),
  guessHidden: v.optional(v.literal(true)),
});

/** The entries of `raw` that match `schema`; the others are reported and left out. */
function validEntries<T>(raw: unknown, schema: v.GenericSchema<unknown, T>, what: string): T[] {
  if (!Array.isArray(raw)) {
    if (raw != null) console.warn(`Weft: stored ${what} is not a list; ignoring it`);
    return [];
  }
  const out: T[] = [];
  for (const item of raw) {
    const r = v.safeParse(schema, item);
    if (r.success) out.push(r.output);
    else console.warn(`Weft: dropping a damaged ${what} entry`, r.issues[0]?.message);
  }
  return out;
}

const UnfollowedSchema = v.object({ entry: FollowEntrySchema, at: Time });

/** A researcher unfollowed at `at`, as they were: following them again restores them. */
export interface Unfollowed {
  entry: FollowEntry;
  at: number;
}

export interface FollowData {
  follows: FollowEntry[];
  inbox: InboxEntry[];
  unfollowed: Unfollowed[];
}

const exclusive = createSerial();

async function readData(): Promise<FollowData> {
  const { values } = await readUserData([USER_DATA.follows, USER_DATA.inbox, USER_DATA.unfollowed]);
  return {
    follows: validEntries(values[USER_DATA.follows], FollowEntrySchema, 'follow'),
    inbox: validEntries(values[USER_DATA.inbox], InboxEntrySchema, 'inbox'),
    unfollowed: validEntries(values[USER_DATA.unfollowed], UnfollowedSchema, 'unfollowed'),
  };
}

type Change<R> = { data: Partial<FollowData>; result: R } | null;

/**
 * Applies `change` to the current data, atomically with respect to every other update in
 * this worker. `change` returns the parts it changed (a part left out or returned as it was
 * stays), or null to leave everything as it is. What changed is written in one transaction:
 * papers and the watermarks they advance, a paper marked seen and its researcher's seen works.
 */
function update<R>(change: (data: FollowData) => Change<R> | Promise<Change<R>>): Promise<R | null> {
  return exclusive(async () => {
    const before = await readData();
    const next = await change(before);
    if (!next) return null;
    const { follows, inbox, unfollowed } = next.data;
    await writeUserData({
      ...(inbox && inbox !== before.inbox ? { [USER_DATA.inbox]: inbox } : {}),
      ...(follows && follows !== before.follows ? { [USER_DATA.follows]: follows } : {}),
      ...(unfollowed && unfollowed !== before.unfollowed ? { [USER_DATA.unfollowed]: unfollowed } : {}),
    });
    return next.result;
  });
}

/** The alert part of the reader's settings object (lib/settings). */
async function readSettings(): Promise<AlertSettings> {
  return (await readAllSettings()).alerts;
}

async function updateSettings(patch: Partial<AlertSettings>): Promise<AlertSettings> {
  const next = await updateAllSettings((s) => {
    const alerts = { ...s.alerts, ...patch };
    return { ...s, alerts: { ...alerts, intervalMinutes: clampInterval(alerts.intervalMinutes) } };
  });
  return next.alerts;
}

async function readStatus(): Promise<CheckStatus> {
  const raw = (await readUserData([USER_DATA.status])).values[USER_DATA.status];
  return { ...EMPTY_STATUS, ...(raw && typeof raw === 'object' ? raw : {}) };
}

function updateStatus(change: (s: CheckStatus) => CheckStatus): Promise<CheckStatus> {
  return exclusive(async () => {
    const next = change(await readStatus());
    await writeUserData({ [USER_DATA.status]: next });
    return next;
  });
}

export const followStore = { read: readData, update, readSettings, updateSettings, readStatus, updateStatus };
export type FollowStore = typeof followStore;
