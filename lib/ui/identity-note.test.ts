import type { IdentityNote, NoteField } from '../catalog/identity';
import { noteText } from './identity-note';

const field = (why: NoteField['why']): NoteField => ({ name: 'Computer Science', why, paperField: 'Engineering' });
const WHYS: NoteField['why'][] = ['category', 'coauthors', 'neighbour'];

/** Every kind of note, each way it can name a field: a kind missing here fails type-checking. */
const NOTES: { [K in IdentityNote['kind']]: Extract<IdentityNote, { kind: K }>[] } = {
  'merged-profile': [{ kind: 'merged-profile', name: 'Ray Cao', works: 1234 }],
  'several-tied': [{ kind: 'several-tied', name: 'Ray Cao', profiles: 2 }],
  'several-in-field': [null, ...WHYS.map(field)].map((f) => ({ kind: 'several-in-field', name: 'Ray Cao', profiles: 3, field: f })),
  'only-one': [null, ...WHYS.map(field)].map((f) => ({ kind: 'only-one', name: 'Ray Cao', field: f })),
  'none-named': [{ kind: 'none-named', name: 'Ray Cao' }],
  'other-fields': [
    { kind: 'other-fields', name: 'Ray Cao', theirs: ['Chemistry', 'Mathematics'], lookedIn: ['Computer Science'] },
    { kind: 'other-fields', name: 'Ray Cao', theirs: [], lookedIn: ['Computer Science'] },
  ],
  'shared-profile': [{ kind: 'shared-profile', name: 'W. Wang' }],
  'reader-none': [{ kind: 'reader-none' }],
};

describe('noteText', () => {
  const all: IdentityNote[] = Object.values(NOTES).flat();

  it('words every kind of note with a message of its own, the name and figures filled in', () => {
    const texts = all.map(noteText);
    for (const [i, text] of texts.entries()) {
      expect(text, JSON.stringify(all[i])).toMatch(/^\S.*\.$/);
      const note = all[i]!;
      if ('name' in note) expect(text).toContain(note.name);
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('says which field was looked in, and why that one', () => {
    expect(noteText({ kind: 'only-one', name: 'Ray Cao', field: field('neighbour') })).toBe(
      'A guess: the only Ray Cao in Computer Science (none in Engineering, this paper’s field), with no earlier work shared with this paper’s authors.',
    );
    expect(noteText({ kind: 'several-in-field', name: 'Ray Cao', profiles: 3, field: field('coauthors') })).toBe(
      '3 profiles named Ray Cao in Computer Science, where the co-authors Weft identified work, and nothing on this page tells them apart.',
    );
    expect(noteText({ kind: 'merged-profile', name: 'Ray Cao', works: 1234 })).toMatch(/^This profile of Ray Cao has 1,234 works/);
    expect(noteText({ kind: 'other-fields', name: 'Ray Cao', theirs: ['Chemistry', 'Mathematics'], lookedIn: ['Computer Science'] })).toBe(
      'The profiles named Ray Cao work in other fields (Chemistry, Mathematics), not in Computer Science.',
    );
  });
});
