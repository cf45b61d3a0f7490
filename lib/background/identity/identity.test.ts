import { fakeBrowser } from 'wxt/testing';
import { nameKey } from '../../arxiv/names';
import { correctionFor, createCorrections, type Correction } from './corrections';
import { NO_PROFILE, recordIdentity, slotIdentities } from './identities';
import { sameName } from './candidates';
import { freshIndexedDb, putRecords } from '../user-data/testing';

const correction = (extra: Partial<Correction> = {}): Correction => ({
  arxivId: '2406.99901', index: 2, name: 'Zoë Dupré', openalexId: 'A77', coauthors: null, at: 1, ...extra,
});
const names = ['García-López, José María', 'Åström, Björn', 'Dupré, Zoë', 'Müller-Schröder, François'];

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

describe('who an author is', () => {
  it('takes the paper record first, and says so', () => {
    const slot = { openalex: { name: 'x', rawName: null, openalexId: 'A1', s2Id: null, institutions: [], metrics: null }, s2: null };
    expect(recordIdentity(slot)).toMatchObject({ match: 'record', openalexId: 'A1' });
    expect(recordIdentity({ openalex: null, s2: null })).toEqual(NO_PROFILE);
  });

  it('puts the reader’s correction on top: the chosen profile, or no profile', () => {
    const out = slotIdentities('2406.99901', names, null, [correction(), correction({ index: 3, openalexId: null })]);
    expect(out.map((i) => [i.match, i.openalexId])).toEqual([[null, null], [null, null], ['reader', 'A77'], [null, null]]);
    expect(out[3]!.note).toEqual({ kind: 'reader-none' });
  });

  it('applies a correction to the same name on another paper only when it shares a co-author', () => {
    const wide = correction({ coauthors: [nameKey('Björn Åström')], name: 'Dupré, Zoë' });
    expect(correctionFor([wide], '2501.00001', 0, 'Zoë Dupré', ['Zoë Dupré', 'Björn Åström'])).toBe(wide);
    expect(correctionFor([wide], '2501.00001', 0, 'Zoë Dupré', ['Zoë Dupré', 'Someone Else'])).toBeNull();
    // Without the reader asking for it, a correction stays on its paper.
    expect(correctionFor([correction()], '2501.00001', 0, 'Zoë Dupré', ['Zoë Dupré', 'Björn Åström'])).toBeNull();
  });

  it('keeps corrections as user data: saved, replaced, removed for undo, and following a merge', async () => {
    const store = createCorrections();
    await store.save(correction());
    await store.save(correction({ openalexId: 'A78', at: 2 }));
    expect((await store.list()).map((c) => c.openalexId)).toEqual(['A78']);
    await store.followMerge('A78', 'A90');
    expect((await store.list())[0]!.openalexId).toBe('A90');
    expect(await store.remove('2406.99901', 2)).toMatchObject({ openalexId: 'A90' });
    expect(await store.list()).toEqual([]);
  });

  it('drops a damaged stored correction, keeping the others', async () => {
    await putRecords({ key: 'corrections', version: 1, value: [correction(), { arxivId: 1 }, correction({ index: 5 })] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await createCorrections().list()).map((c) => c.index)).toEqual([2, 5]);
    expect(warn).toHaveBeenCalled();
  });

  it('lists only profiles of exactly that name as candidates', () => {
    expect(sameName('José María García-López', 'García-López, José María')).toBe(true);
    expect(sameName('Zoe Dupre', 'Zoë Dupré')).toBe(true);
    expect(sameName('Z. Dupré', 'Zoë Dupré')).toBe(false);
    expect(sameName('Zoë Duprés', 'Zoë Dupré')).toBe(false);
  });
});
