/**
 * Permissions taken back while Weft runs (Firefox lets the reader revoke host access; either
 * browser the optional notifications): a catalog host revoked mid-run gets no request at all
 * (the other catalog still answers), and is asked again once granted; notifications revoked
 * between a follow and the check that finds a paper: no notification, the paper in the inbox
 * all the same, no error.
 */
import { fakeBrowser } from 'wxt/testing';
import type { FollowsState, PaperCitationsResult } from '@/lib/background/protocol';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { tried } from '../ledger.mjs';
import { FROM_POPUP, ID, startBackground } from './background';

const OA = `https://${OA_HOST}/*`;
const S2 = `https://${S2_HOST}/*`;

/** The browser's grants, changeable mid-run, with its permission events. */
function grants() {
  const held = new Set([OA, S2, 'notifications']);
  const listeners = { added: [] as (() => void)[], removed: [] as (() => void)[] };
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation((async (p: { origins?: string[]; permissions?: string[] }) =>
    [...(p.origins ?? []), ...(p.permissions ?? [])].every((x) => held.has(x))) as never);
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(((fn: () => void) => void listeners.added.push(fn)) as never);
  vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(((fn: () => void) => void listeners.removed.push(fn)) as never);
  return {
    revoke(what: string) {
      held.delete(what);
      listeners.removed.forEach((fn) => fn());
    },
    grant(what: string) {
      held.add(what);
      listeners.added.forEach((fn) => fn());
    },
  };
}

describe('permissions revoked mid-run', () => {
  it('[permission-revoked-mid-run] OpenAlex access revoked: no request to it; citations from Semantic Scholar; granted again, it is asked again', async () => {
    const browserGrants = grants();
    const bg = startBackground();
    expect(await bg.ask<PaperCitationsResult>({ type: 'paper-citations', arxivId: ID })).toMatchObject({ ok: true });
    browserGrants.revoke(OA);
    const from = bg.requests.length;
    const other = '2406.05547';
    const r = await bg.ask({ type: 'paper-authors', arxivId: other, names: bg.names, eager: 100 });
    expect(bg.count(OA_HOST, from)).toBe(0);
    expect(r).not.toMatchObject({ ok: true, data: { source: 'openalex' } });
    browserGrants.grant(OA);
    await bg.ask({ type: 'paper-authors', arxivId: ID, names: bg.names, eager: 100, revalidate: true });
    expect(bg.count(OA_HOST, from)).toBeGreaterThan(0);
    tried('permission-revoked-mid-run');
  });

  it('[permission-revoked-mid-run] notifications revoked after the reader turned them on: the check still finds the paper, shows no notification, fails nothing', async () => {
    const browserGrants = grants();
    const shown = vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string) => id) as never);
    const bg = startBackground();
    const A = bg.catalog.people[0]!.openalexId!;
    expect(await bg.ask({ type: 'follow', id: A, name: 'Someone' })).toMatchObject({ ok: true });
    expect(await bg.ask({ type: 'alert-settings', notify: true }, FROM_POPUP)).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect((await bg.deps.follows.state()).follows[0]?.checkedAt).not.toBeNull());
    browserGrants.revoke('notifications');
    const today = new Date().toISOString().slice(0, 10);
    bg.fake.addWork({ id: 'https://openalex.org/W4910000001', doi: null, title: 'Found', display_name: 'Found', publication_year: Number(today.slice(0, 4)), publication_date: today, created_date: today, type: 'preprint', cited_by_count: 0, related_works: [], locations: [], is_authors_truncated: false, authorships: [{ author_position: 'first', author: { id: `https://openalex.org/${A}`, display_name: 'X' }, institutions: [], raw_author_name: 'X' }] });
    expect(await bg.ask({ type: 'check-now' }, FROM_POPUP)).toMatchObject({ ok: true, data: { ran: true, found: 1, error: null } });
    expect(shown).not.toHaveBeenCalled();
    const s = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
    expect(s.ok && s.data.inbox.map((p) => p.title)).toEqual(['Found']);
    expect(s.ok && s.data.notificationsAllowed).toBe(false);
    tried('permission-revoked-mid-run');
  });
});
