import { fakeBrowser } from 'wxt/testing';
import { nameKey } from '../../arxiv/names';
import { correctionFor, createCorrections, type Correction } from './corrections';
import { NO_PROFILE, paperSource, recordIdentity, slotIdentities, type CatalogSide } from './identities';
import type { PaperRecord } from '../../catalog/types';
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

describe('whose word a paper\'s authors rest on (every page)', () => {
  const paper = (source: 'openalex' | 's2') => ({ source }) as PaperRecord;
  const found = (source: 'openalex' | 's2', fetchedAt = 5, stale = false): CatalogSide => ({ value: { found: true, value: paper(source) }, fetchedAt, stale });
  const absent = (fetchedAt = 5, stale = false): CatalogSide => ({ value: { found: false }, fetchedAt, stale });
  const down = (why: string): CatalogSide => ({ error: why });

  it('takes OpenAlex\'s record, else Semantic Scholar\'s', () => {
    expect(paperSource(found('openalex'))).toMatchObject({ kind: 'openalex' });
    expect(paperSource(down('oa'), found('s2', 3, true))).toMatchObject({ kind: 's2', fetchedAt: 3, stale: true });
    expect(paperSource(absent(2), found('s2', 3))).toMatchObject({ kind: 's2', fetchedAt: 2 });
  });

  it('turns to evidence when OpenAlex lacks the paper and Semantic Scholar lacks it or cannot be asked', () => {
    expect(paperSource(absent(4, true), down('s2'))).toEqual({ kind: 'fresh', fetchedAt: 4, stale: true });
    expect(paperSource(absent(4), absent(2))).toEqual({ kind: 'fresh', fetchedAt: 2, stale: false });
  });

  it('reports OpenAlex\'s failure when no record could be read, never evidence', () => {
    expect(paperSource(down('oa'), down('s2'))).toEqual({ kind: 'error', error: 'oa' });
    expect(paperSource(down('oa'), absent())).toEqual({ kind: 'error', error: 'oa' });
  });
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
