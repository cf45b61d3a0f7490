/**
 * The reader's data as a file they keep or move to another browser: who they follow, from
 * version 2 their corrections of who an author is, from version 3 their followed topics
 * (older files still import).
 *
 *   { "format": "weft-follows", "version": 3, "exportedAt": "2026-06-30T12:00:00.000Z",
 *     "follows": [{ "id": "A5023888391", "name": "Ray Cao", "followedAt": "2026-06-01T09:30:00.000Z" }],
 *     "corrections": [{ "arxivId": "2406.05546", "index": 1, "name": "Luo, Sherry", "openalexId": "A5091093033",
 *                       "coauthors": null, "at": "2026-06-02T10:00:00.000Z" }],
 *     "topics": [{ "query": "diffusion", "categories": ["cs.LG"], "ring": true }] }
 *
 * Import is all or nothing: any problem rejects the whole file with a message naming it.
 * Ids may also be written as OpenAlex URLs (`https://openalex.org/A…`).
 */
import * as v from 'valibot';
import { isBareArxivId } from '../../arxiv/ids';
import { bareOpenAlexId } from '../../catalog/ids';
import { MAX_FOLLOWS, type FollowEntry } from './model';
import { MAX_TOPIC_QUERY_CHARS, MAX_TOPICS, topicCategories, type TopicFollow } from './topics';
import { MAX_CORRECTIONS, MAX_NAME_CHARS, MAX_TIME_MS } from '../limits';

export const FILE_FORMAT = 'weft-follows';
export const FILE_VERSION = 3;
/** Far above any real list (`MAX_FOLLOWS` entries of ~150 bytes); refuses absurd files early. */
export const MAX_FILE_CHARS = 1_000_000;

export interface ImportedFollow {
  id: string;
  name: string;
  followedAt: number | null;
}

/** A reader's correction as it travels in the file (its time as epoch ms once read). */
export interface FileCorrection {
  arxivId: string;
  index: number;
  name: string;
  openalexId: string | null;
  coauthors: string[] | null;
  at: number;
}

/** A followed topic as it travels in the file. */
export type FileTopic = Pick<TopicFollow, 'query' | 'categories' | 'ring'>;

export type ParsedFile = { ok: true; follows: ImportedFollow[]; corrections: FileCorrection[]; topics: FileTopic[] } | { ok: false; message: string };

/**
 * Collapses whitespace and drops control characters and explicit direction overrides (a name
 * could otherwise reorder the text around it): names are shown as one line of text.
 */
export function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return raw.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_CHARS);
}

const Entry = v.object({
  id: v.string('"id" must be text'),
  name: v.optional(v.string('"name" must be text')),
  followedAt: v.optional(v.union([v.string(), v.number()], '"followedAt" must be a date')),
});

const FileSchema = v.object({
  format: v.literal(FILE_FORMAT, `not a Weft follow list ("format" must be "${FILE_FORMAT}")`),
  version: v.number('"version" must be a number'),
  follows: v.array(v.unknown(), '"follows" must be a list'),
  corrections: v.optional(v.array(v.unknown(), '"corrections" must be a list')),
  topics: v.optional(v.array(v.unknown(), '"topics" must be a list')),
});

const TopicEntry = v.object({
  query: v.pipe(v.string('"query" must be text'), v.maxLength(MAX_TOPIC_QUERY_CHARS, `"query" is longer than ${MAX_TOPIC_QUERY_CHARS} characters`)),
  categories: v.optional(v.array(v.string(), '"categories" must be a list of arXiv categories')),
  ring: v.optional(v.boolean('"ring" must be true or false')),
});

function readTopics(raw: unknown[]): { ok: true; topics: FileTopic[] } | { ok: false; message: string } {
  if (raw.length > MAX_TOPICS) return { ok: false, message: `This file has ${raw.length} topics; Weft follows at most ${MAX_TOPICS}.` };
  const topics: FileTopic[] = [];
  for (const [i, item] of raw.entries()) {
    const t = v.safeParse(TopicEntry, item);
    if (!t.success) return { ok: false, message: `Topic ${i + 1} is not valid: ${t.issues[0]!.message}.` };
    topics.push({ query: cleanName(t.output.query), categories: topicCategories(t.output.categories ?? []), ring: t.output.ring ?? true });
  }
  return { ok: true, topics };
}

const CorrectionEntry = v.object({
  arxivId: v.string('"arxivId" must be text'),
  index: v.pipe(v.number('"index" must be a number'), v.integer('"index" must be a whole number'), v.minValue(0), v.maxValue(100_000)),
  name: v.string('"name" must be text'),
  openalexId: v.nullable(v.string('"openalexId" must be text or null')),
  coauthors: v.optional(v.nullable(v.array(v.string(), '"coauthors" must be a list of names'))),
  at: v.optional(v.union([v.string(), v.number()], '"at" must be a date')),
});

/** The corrections of a file, or what is wrong with the first bad one. */
function readCorrections(raw: unknown[]): { ok: true; corrections: FileCorrection[] } | { ok: false; message: string } {
  if (raw.length > MAX_CORRECTIONS) return { ok: false, message: `This file has ${raw.length} corrections; Weft keeps at most ${MAX_CORRECTIONS}.` };
  const corrections: FileCorrection[] = [];
  for (const [i, item] of raw.entries()) {
    const where = `Correction ${i + 1}`;
    const c = v.safeParse(CorrectionEntry, item);
    if (!c.success) return { ok: false, message: `${where} is not valid: ${c.issues[0]!.message}.` };
    if (!isBareArxivId(c.output.arxivId)) return { ok: false, message: `${where}: "${c.output.arxivId.slice(0, 60)}" is not an arXiv id.` };
    const id = c.output.openalexId === null ? null : bareOpenAlexId(c.output.openalexId, 'A');
    if (c.output.openalexId !== null && !id) return { ok: false, message: `${where}: "${c.output.openalexId.slice(0, 60)}" is not an OpenAlex author id.` };
    const at = timeOf(c.output.at);
    if (c.output.at !== undefined && at === null) return { ok: false, message: `${where}: "at" is not a date.` };
    const coauthors = c.output.coauthors ? c.output.coauthors.slice(0, 200).map(cleanName) : null;
    corrections.push({ arxivId: c.output.arxivId, index: c.output.index, name: cleanName(c.output.name), openalexId: id, coauthors, at: at ?? Date.now() });
  }
  return { ok: true, corrections };
}

/** A time from the file as epoch ms; null when it is not one a Date can hold (export would fail on it). */
function timeOf(raw: string | number | undefined): number | null {
  if (raw === undefined) return null;
  const t = typeof raw === 'number' ? raw : Date.parse(raw);
  return Number.isFinite(t) && t > 0 && t <= MAX_TIME_MS ? t : null;
}

function isoTime(t: number): string | undefined {
  return timeOf(t) === null ? undefined : new Date(t).toISOString();
}

/** Reads an export file; the message says what is wrong (for the reader, not a developer). */
export function parseFollowFile(text: string): ParsedFile {
  if (text.length > MAX_FILE_CHARS) return { ok: false, message: 'This file is too large to be a Weft follow list.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not JSON: choose a follow list exported by Weft.' };
  }
  const file = v.safeParse(FileSchema, json);
  if (!file.success) return { ok: false, message: `This file is not a Weft follow list: ${file.issues[0]!.message}.` };
  if (file.output.version > FILE_VERSION) {
    return { ok: false, message: `This follow list was written by a newer Weft (version ${file.output.version}); update Weft to import it.` };
  }
  if (file.output.follows.length > MAX_FOLLOWS) {
    return { ok: false, message: `This list has ${file.output.follows.length} researchers; Weft follows at most ${MAX_FOLLOWS}.` };
  }
  const follows: ImportedFollow[] = [];
  for (const [i, raw] of file.output.follows.entries()) {
    const entry = v.safeParse(Entry, raw);
    const where = `Entry ${i + 1}`;
    if (!entry.success) return { ok: false, message: `${where} is not valid: ${entry.issues[0]!.message}.` };
    const id = bareOpenAlexId(entry.output.id, 'A');
    if (!id) return { ok: false, message: `${where}: "${entry.output.id.slice(0, 60)}" is not an OpenAlex author id.` };
    const followedAt = timeOf(entry.output.followedAt);
    if (entry.output.followedAt !== undefined && followedAt === null) return { ok: false, message: `${where}: "followedAt" is not a date.` };
    follows.push({ id, name: cleanName(entry.output.name ?? ''), followedAt });
  }
  const corrections = readCorrections(file.output.corrections ?? []);
  if (!corrections.ok) return corrections;
  const topics = readTopics(file.output.topics ?? []);
  if (!topics.ok) return topics;
  return { ok: true, follows, corrections: corrections.corrections, topics: topics.topics };
}

/** The export file for `follows` and `corrections`, pretty-printed (people open these in editors). */
export function followFile(
  follows: readonly Pick<FollowEntry, 'id' | 'name' | 'followedAt'>[],
  corrections: readonly FileCorrection[] = [],
  now = Date.now(),
  topics: readonly FileTopic[] = [],
): string {
  const body = {
    format: FILE_FORMAT,
    version: FILE_VERSION,
    exportedAt: new Date(now).toISOString(),
    // A time no Date can hold (stored before import refused them) is left out, not a failed export.
    follows: follows.map((f) => ({ id: f.id, name: f.name, followedAt: isoTime(f.followedAt) })),
    corrections: corrections.map((c) => ({ ...c, at: isoTime(c.at) })),
    topics: topics.map(({ query, categories, ring }) => ({ query, categories, ring })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
