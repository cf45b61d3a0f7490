/**
 * Why an author is a guess or has no profile, in the reader's language: the background sends the
 * note as plain data (lib/catalog/identity.ts, IdentityNote), never as a sentence.
 */
import type { IdentityNote, NoteField } from '../catalog/identity';
import { formatInteger } from './format';
import { t, type MessageKey } from '../shared/i18n';

type Note<K extends IdentityNote['kind']> = Extract<IdentityNote, { kind: K }>;

/**
 * The messages of a note that names the field looked in, by why it was looked in: several
 * profiles there, or the only one. Each takes the count (several), the name, the field and the
 * paper's own field (which only `neighbour` says).
 */
const IN_FIELD = {
  category: { several: 'noteSeveralInField', only: 'noteOnlyInField' },
  coauthors: { several: 'noteSeveralInCoauthorsField', only: 'noteOnlyInCoauthorsField' },
  neighbour: { several: 'noteSeveralInNeighbourField', only: 'noteOnlyInNeighbourField' },
} as const satisfies Record<NoteField['why'], Record<'several' | 'only', MessageKey>>;

/** One wording per kind: a kind without one fails type-checking. */
const WORDS: { [K in IdentityNote['kind']]: (note: Note<K>) => string } = {
  'merged-profile': (n) => t('noteMergedProfile', n.name, formatInteger(n.works)),
  'several-tied': (n) => t('noteSeveralTied', formatInteger(n.profiles), n.name),
  'several-in-field': ({ name, profiles, field }) =>
    field ? t(IN_FIELD[field.why].several, formatInteger(profiles), name, field.name, field.paperField ?? '') : t('noteSeveral', formatInteger(profiles), name),
  'only-one': ({ name, field }) => (field ? t(IN_FIELD[field.why].only, name, field.name, field.paperField ?? '') : t('noteOnlyProfile', name)),
  'none-named': (n) => t('noteNoneNamed', n.name),
  'other-fields': (n) => (n.theirs.length ? t('noteOtherFieldsNamed', n.name, n.theirs.join(', '), n.lookedIn.join(', ')) : t('noteOtherFields', n.name, n.lookedIn.join(', '))),
  'shared-profile': (n) => t('noteSharedProfile', n.name),
  'reader-none': () => t('noteReaderNone'),
};

/** The note in words. */
export const noteText = (note: IdentityNote): string => (WORDS[note.kind] as (n: IdentityNote) => string)(note);
