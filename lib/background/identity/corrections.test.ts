import { fakeBrowser } from 'wxt/testing';
import { freshIndexedDb } from '../user-data/testing';
import { createCorrections, type Correction } from './corrections';

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

const at = (arxivId: string, index: number, openalexId: string | null): Correction => ({ arxivId, index, name: 'Luo, Sherry', openalexId, coauthors: null, at: 1 });

describe('corrections: Undo', () => {
  it('puts back what was there before the reader’s last change (another profile, or none), for a day', async () => {
    let t = Date.UTC(2026, 5, 1);
    const store = createCorrections(() => t);
    await store.save(at('2406.05546', 1, 'A1'));
    await store.save(at('2406.05546', 1, null)); // then "No profile fits"
    expect(await store.undo('2406.05546', 1)).toBe(true);
    expect(await store.list()).toEqual([at('2406.05546', 1, 'A1')]); // the reader's earlier choice is back
    expect(await store.undo('2406.05546', 1)).toBe(false); // one step: nothing more to undo
    expect(await store.list()).toHaveLength(1);

    await store.save(at('2406.05546', 2, 'A2'));
    expect(await store.undo('2406.05546', 2)).toBe(true);
    expect(await store.list()).toEqual([at('2406.05546', 1, 'A1')]); // none before: none again

    await store.save(at('2406.05546', 1, 'A3'));
    t += 25 * 3_600_000;
    expect(await store.undo('2406.05546', 1)).toBe(false); // a day later, a correction stays as it is
    expect(await store.list()).toEqual([at('2406.05546', 1, 'A3')]);
  });
});
