/**
 * Why a follow list was not imported, in the reader's language: the background says it as plain
 * data (lib/shared/follows/file.ts, ImportProblem), never as a sentence.
 */
import type { FieldNeed, FileList, ImportProblem } from '@/lib/shared/follows/file';
import { MAX_TOPIC_QUERY_CHARS } from '@/lib/shared/follows/topics';
import { formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';

type Problem<K extends ImportProblem['kind']> = Extract<ImportProblem, { kind: K }>;

/** An entry of a list, by its number ("Entry 3"), and how many the list may hold. */
const LISTS = {
  follows: { entry: 'fileEntry', tooMany: 'fileTooManyFollows' },
  corrections: { entry: 'fileCorrection', tooMany: 'fileTooManyCorrections' },
  topics: { entry: 'fileTopic', tooMany: 'fileTooManyTopics' },
} as const satisfies Record<FileList, Record<'entry' | 'tooMany', MessageKey>>;

/** What a field must be, the field's name filled in. */
const NEEDS = {
  object: 'needObject',
  text: 'needText',
  number: 'needNumber',
  'whole-number': 'needWholeNumber',
  'in-range': 'needInRange',
  list: 'needList',
  date: 'needDate',
  'true-or-false': 'needTrueOrFalse',
  'text-or-null': 'needTextOrNull',
  categories: 'needCategories',
  names: 'needNames',
  short: 'needShort',
} as const satisfies Record<FieldNeed, MessageKey>;

const entry = (list: FileList, n: number) => t(LISTS[list].entry, formatInteger(n));

/** One wording per kind: a kind without one fails type-checking. */
const WORDS: { [K in ImportProblem['kind']]: (problem: Problem<K>) => string } = {
  'too-large': () => t('fileTooLarge'),
  'not-json': () => t('fileNotJson'),
  'not-weft': () => t('fileNotWeft'),
  newer: (p) => t('fileNewer', formatInteger(p.version)),
  'too-many': (p) => t(LISTS[p.list].tooMany, formatInteger(p.count), formatInteger(p.max)),
  field: (p) => {
    const need = t(NEEDS[p.need], p.field, formatInteger(MAX_TOPIC_QUERY_CHARS));
    return p.list ? t('fileEntryInvalid', entry(p.list, p.entry), need) : t('fileNotFollowList', need);
  },
  'not-author-id': (p) => t('fileNotAuthorId', entry(p.list, p.entry), p.value),
  'not-arxiv-id': (p) => t('fileNotArxivId', entry(p.list, p.entry), p.value),
  'over-limit': (p) => t('importOverLimit', formatInteger(p.total), formatInteger(p.max)),
  'not-imported': () => t('nothingImported'),
};

/** The problem in words. */
export const importProblemText = (problem: ImportProblem): string => (WORDS[problem.kind] as (p: ImportProblem) => string)(problem);
