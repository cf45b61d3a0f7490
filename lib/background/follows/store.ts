/**
 * The background's access to follow data in extension storage. One writer: every change goes
 * through `update` (or the settings/status helpers), serialised within the service worker, so
 * a follow arriving during a check can never be lost to an interleaved read-modify-write.
 *
 * What is read back is checked entry by entry: a damaged entry is dropped (and logged) rather
 * than failing every read, so one bad record never blocks the others.
 */
import * as v from 'valibot';
import { storage } from 'wxt/utils/storage';
import { readSettings as readAllSettings, updateSettings as updateAllSettings } from '../settings/store';
import { createSerial } from '../serial';
import {
  clampInterval,
  EMPTY_STATUS,
  KEYS,
  type AlertSettings,
  type CheckStatus,
  type FollowEntry,
  type InboxEntry,
} from '../../shared/follows/model';

const AuthorId = v.pipe(v.string(), v.regex(/^A\d{1,12}$/));
const WorkId = v.pipe(v.string(), v.regex(/^W\d{1,12}$/));
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const Time = v.pipe(v.number(), v.finite());

const FollowEntrySchema = v.object({
  id: AuthorId,
  name: v.string(),
  followedAt: Time,
  checkedAt: v.nullable(Time),
  seen: v.record(WorkId, Day),
});

const InboxEntrySchema = v.object({
  workId: WorkId,
  arxivId: v.nullable(v.string()),
  title: v.string(),
  authorNames: v.array(v.string()),
  authorCount: v.number(),
  year: v.nullable(v.number()),
  createdDate: Day,
  foundAt: Time,
  authorIds: v.array(AuthorId),
  notified: v.boolean(),
});

/**
 * Storage versions. Bump one with a migration (`migrations: { 2: (v1) => v2 }`) whenever the
 * stored shape changes: users' follows must survive every update.
 */
const followsItem = storage.defineItem<FollowEntry[]>(`local:${KEYS.follows}`, { fallback: [], version: 1, migrations: {} });
const inboxItem = storage.defineItem<InboxEntry[]>(`local:${KEYS.inbox}`, { fallback: [], version: 1, migrations: {} });
const statusItem = storage.defineItem<CheckStatus>(`local:${KEYS.status}`, { fallback: EMPTY_STATUS, version: 1, migrations: {} });

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

export interface FollowData {
  follows: FollowEntry[];
  inbox: InboxEntry[];
}

const exclusive = createSerial();

async function readData(): Promise<FollowData> {
  const [follows, inbox] = await Promise.all([followsItem.getValue(), inboxItem.getValue()]);
  return {
    follows: validEntries(follows, FollowEntrySchema, 'follow'),
    inbox: validEntries(inbox, InboxEntrySchema, 'inbox'),
  };
}

/**
 * Applies `change` to the current data, atomically with respect to every other update in
 * this worker. `change` returns the new data, or null to leave everything as it is. New
 * papers are written before the follows (whose watermarks they advance): a worker killed in
 * between has stored the papers, and the next check finds them already known.
 */
function update<R>(change: (data: FollowData) => { data: FollowData; result: R } | null | Promise<{ data: FollowData; result: R } | null>): Promise<R | null> {
  return exclusive(async () => {
    const before = await readData();
    const next = await change(before);
    if (!next) return null;
    if (next.data.inbox !== before.inbox) await inboxItem.setValue(next.data.inbox);
    if (next.data.follows !== before.follows) await followsItem.setValue(next.data.follows);
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
  const raw = await statusItem.getValue();
  return { ...EMPTY_STATUS, ...(raw && typeof raw === 'object' ? raw : {}) };
}

function updateStatus(change: (s: CheckStatus) => CheckStatus): Promise<CheckStatus> {
  return exclusive(async () => {
    const next = change(await readStatus());
    await statusItem.setValue(next);
    return next;
  });
}

export const followStore = { read: readData, update, readSettings, updateSettings, readStatus, updateStatus };
export type FollowStore = typeof followStore;
