/**
 * Extension storage refusing writes (quota, a broken profile): `storage.local` (settings, the
 * record of a refused key) and `storage.session` (the check lease, the remembered spent
 * allowance, what pages spent today). Weft answers every request it can, says when a change
 * could not be kept, and never runs a check twice or loses a follow for it.
 */
import { fakeBrowser } from 'wxt/testing';
import { OA_HOST } from '../../e2e/fake-apis.mjs';
import { tried } from '../ledger.mjs';
import { FROM_POPUP, ID, json, startBackground } from './background';

const QUOTA = () => Promise.reject(new DOMException('QUOTA_BYTES quota exceeded', 'QuotaExceededError'));
const isList = (u: URL) => u.host === OA_HOST && /^\/(authors|works)\/?$/.test(u.pathname);

describe('extension storage refusing writes', () => {
  it('[extension-storage-write-fails] settings, a refused key’s record, the check lease and the spent allowance cannot be written: every request still answers, nothing runs twice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bg = startBackground({ route: (u) => (u.host === OA_HOST && isList(u) && u.searchParams.get('api_key') === 'RefusedKey123' ? json({ error: 'Invalid API key' }, 401) : undefined) });
    const A = bg.catalog.people[0]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Kept' })).toMatchObject({ ok: true });
    await vi.waitFor(async () => {
      const r = await bg.ask<{ status: { checking: boolean; lastRunAt: number | null } }>({ type: 'follows-state' }, FROM_POPUP);
      expect(r.ok && r.data.status.lastRunAt !== null && !r.data.status.checking).toBe(true);
    });
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(QUOTA);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(QUOTA);

    // A setting that cannot be kept is an error the settings page shows, and nothing changed.
    const before = await bg.ask({ type: 'settings-get' }, FROM_POPUP);
    expect(await bg.ask({ type: 'settings-set', show: { related: false } }, FROM_POPUP)).toMatchObject({ ok: false });
    expect(await bg.ask({ type: 'settings-get' }, FROM_POPUP)).toEqual(before);

    // A key the catalog refuses is still reported as refused, though the record of it fails.
    expect(await bg.ask({ type: 'settings-set-keys', openalex: 'RefusedKey123' }, FROM_POPUP)).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'author-metrics', ids: [A] })).toMatchObject({ ok: false, error: { kind: 'key-rejected' } });
    expect(await bg.ask({ type: 'settings-set-keys', openalex: '' }, FROM_POPUP)).toMatchObject({ ok: true });

    // The check lease cannot be written: "Check now" still checks, one check at a time.
    const checks = await Promise.all([bg.ask({ type: 'check-now' }, FROM_POPUP), bg.ask({ type: 'check-now' }, FROM_POPUP)]);
    expect(checks, JSON.stringify(checks)).toEqual([{ ok: true, data: expect.objectContaining({ ran: true }) }, { ok: true, data: expect.objectContaining({ ran: true }) }]);

    // A spent allowance that cannot be remembered in storage.session is remembered in memory.
    bg.fake.setTwists({ budgetSpent: true });
    const ids = bg.catalog.people.map((p) => p.openalexId!);
    const spentFrom = bg.requests.length;
    await bg.ask({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100 });
    await bg.ask({ type: 'author-metrics', ids, revalidate: true });
    expect(bg.requests.slice(spentFrom).filter(isList)).toHaveLength(1);
    const s = await bg.ask<{ follows: { id: string }[] }>({ type: 'follows-state' }, FROM_POPUP);
    expect(s.ok && s.data.follows.map((f) => f.id)).toEqual([A]);
    tried('extension-storage-write-fails');
  });
});
