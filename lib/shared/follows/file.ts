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
 * Import is all or nothing: any problem rejects the whole file, the problem naming where it is.
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

/** The file's lists, each entry of which is read on its own. */
export type FileList = 'follows' | 'corrections' | 'topics';

/** What a field of the file must be: the code each schema below gives valibot as its message. */
export type FieldNeed = 'object' | 'text' | 'number' | 'whole-number' | 'in-range' | 'list' | 'date' | 'true-or-false' | 'text-or-null' | 'categories' | 'names' | 'short';

/**
 * Why a file was not imported, as plain data the settings page words (never a sentence, so that
 * it reads in the reader's language). `entry` counts from 1; a `field` problem without a `list`
 * is in the file's own fields.
 */
export type ImportProblem =
  | { kind: 'too-large' }
  | { kind: 'not-json' }
  | { kind: 'not-weft' }
  | { kind: 'newer'; version: number }
  | { kind: 'too-many'; list: FileList; count: number; max: number }
  | { kind: 'field'; list: FileList | null; entry: number; field: string; need: FieldNeed }
  | { kind: 'not-author-id'; list: FileList; entry: number; value: string }
  | { kind: 'not-arxiv-id'; list: FileList; entry: number; value: string }
  /** The background's: the import would take the follows past `max`. */
  | { kind: 'over-limit'; total: number; max: number }
  /** The background's: the follow list could not be changed. */
  | { kind: 'not-imported' };

type Refused = { ok: false; problem: ImportProblem };
export type ParsedFile = { ok: true; follows: ImportedFollow[]; corrections: FileCorrection[]; topics: FileTopic[] } | Refused;

/**
 * Collapses whitespace and drops control characters and explicit direction overrides (a name
 * could otherwise reorder the text around it): names are shown as one line of text.
 */
export function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return raw.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_CHARS);
}

/** The code `need` as valibot's message (issueProblem reads it back). */
const need = (code: FieldNeed) => code;
/** The file is no Weft follow list at all: not an object, or another format. */
const NOT_WEFT = 'not-weft';

const Entry = v.object({
  id: v.string(need('text')),
  name: v.optional(v.string(need('text'))),
  followedAt: v.optional(v.union([v.string(), v.number()], need('date'))),
}, need('object'));

const FileSchema = v.object({
  format: v.literal(FILE_FORMAT, NOT_WEFT),
  version: v.number(need('number')),
  follows: v.array(v.unknown(), need('list')),
  corrections: v.optional(v.array(v.unknown(), need('list'))),
  topics: v.optional(v.array(v.unknown(), need('list'))),
}, NOT_WEFT);

const TopicEntry = v.object({
  query: v.pipe(v.string(need('text')), v.maxLength(MAX_TOPIC_QUERY_CHARS, need('short'))),
  categories: v.optional(v.array(v.string(need('categories')), need('categories'))),
  ring: v.optional(v.boolean(need('true-or-false'))),
}, need('object'));

const CorrectionEntry = v.object({
  arxivId: v.string(need('text')),
  index: v.pipe(v.number(need('number')), v.integer(need('whole-number')), v.minValue(0, need('in-range')), v.maxValue(100_000, need('in-range'))),
  name: v.string(need('text')),
  openalexId: v.nullable(v.string(need('text-or-null'))),
  coauthors: v.optional(v.nullable(v.array(v.string(need('names')), need('names')))),
  at: v.optional(v.union([v.string(), v.number()], need('date'))),
}, need('object'));

/** A schema's first issue as a problem: the field it is in (the first key of its path) and what that field must be. */
function issueProblem(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]], list: FileList | null, entry: number): Refused {
  const issue = issues[0];
  if (issue.message === NOT_WEFT) return { ok: false, problem: { kind: 'not-weft' } };
  const field = issue.path?.[0]?.key;
  return { ok: false, problem: { kind: 'field', list, entry, field: typeof field === 'string' ? field : '', need: issue.message as FieldNeed } };
}

const refused = (problem: ImportProblem): Refused => ({ ok: false, problem });

function readTopics(raw: unknown[]): { ok: true; topics: FileTopic[] } | Refused {
  if (raw.length > MAX_TOPICS) return refused({ kind: 'too-many', list: 'topics', count: raw.length, max: MAX_TOPICS });
  const topics: FileTopic[] = [];
  for (const [i, item] of raw.entries()) {
    const t = v.safeParse(TopicEntry, item);
    if (!t.success) return issueProblem(t.issues, 'topics', i + 1);
    topics.push({ query: cleanName(t.output.query), categories: topicCategories(t.output.categories ?? []), ring: t.output.ring ?? true });
  }
  return { ok: true, topics };
}

/** The corrections of a file, or what is wrong with the first bad one. */
function readCorrections(raw: unknown[]): { ok: true; corrections: FileCorrection[] } | Refused {
  if (raw.length > MAX_CORRECTIONS) return refused({ kind: 'too-many', list: 'corrections', count: raw.length, max: MAX_CORRECTIONS });
  const corrections: FileCorrection[] = [];
  for (const [i, item] of raw.entries()) {
    const where = { list: 'corrections' as const, entry: i + 1 };
    const c = v.safeParse(CorrectionEntry, item);
    if (!c.success) return issueProblem(c.issues, where.list, where.entry);
    if (!isBareArxivId(c.output.arxivId)) return refused({ kind: 'not-arxiv-id', ...where, value: c.output.arxivId.slice(0, 60) });
    const id = c.output.openalexId === null ? null : bareOpenAlexId(c.output.openalexId, 'A');
    if (c.output.openalexId !== null && !id) return refused({ kind: 'not-author-id', ...where, value: c.output.openalexId.slice(0, 60) });
    const at = timeOf(c.output.at);
    if (c.output.at !== undefined && at === null) return refused({ kind: 'field', ...where, field: 'at', need: 'date' });
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

/** Reads an export file; the problem says what is wrong, for the reader (lib/extension-pages/import-problem.ts words it). */
export function parseFollowFile(text: string): ParsedFile {
  if (text.length > MAX_FILE_CHARS) return refused({ kind: 'too-large' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused({ kind: 'not-json' });
  }
  const file = v.safeParse(FileSchema, json);
  if (!file.success) return issueProblem(file.issues, null, 0);
  if (file.output.version > FILE_VERSION) return refused({ kind: 'newer', version: file.output.version });
  if (file.output.follows.length > MAX_FOLLOWS) return refused({ kind: 'too-many', list: 'follows', count: file.output.follows.length, max: MAX_FOLLOWS });
  const follows: ImportedFollow[] = [];
  for (const [i, raw] of file.output.follows.entries()) {
    const where = { list: 'follows' as const, entry: i + 1 };
    const entry = v.safeParse(Entry, raw);
    if (!entry.success) return issueProblem(entry.issues, where.list, where.entry);
    const id = bareOpenAlexId(entry.output.id, 'A');
    if (!id) return refused({ kind: 'not-author-id', ...where, value: entry.output.id.slice(0, 60) });
    const followedAt = timeOf(entry.output.followedAt);
    if (entry.output.followedAt !== undefined && followedAt === null) return refused({ kind: 'field', ...where, field: 'followedAt', need: 'date' });
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
