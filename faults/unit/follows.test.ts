/**
 * New-paper alerts under faults, through the whole background: truncated author lists,
 * overlapping checks, a check interrupted right after notifying, a dropped alarm. Measured:
 * follows lost and duplicate alerts (a paper shown by more than one notification, or twice in
 * the inbox).
 */
import { fakeBrowser } from 'wxt/testing';
import type { FollowsState } from '@/lib/background/protocol';
import { failUserWrites } from '@/lib/background/user-data/testing';
import { tried } from '../ledger.mjs';
import { OA_HOST } from '../../e2e/fake-apis.mjs';
import { edited, FROM_POPUP, startBackground, type Background, type Route } from './background';

const today = () => new Date().toISOString().slice(0, 10);

/** A work OpenAlex first indexed today, on arXiv, by `authorIds` (in that order). */
function newWork(k: number, authorIds: string[]) {
  const arxivId = `${today().slice(2, 4)}${today().slice(5, 7)}.${String(90000 + k)}`;
  return {
    id: `https://openalex.org/W49${String(k).padStart(8, '0')}`, doi: `https://doi.org/10.48550/arxiv.${arxivId}`,
    title: `New result ${k}`, display_name: `New result ${k}`, publication_year: Number(today().slice(0, 4)),
    publication_date: today(), created_date: today(), type: 'preprint', cited_by_count: 0, related_works: [], locations: [],
    is_authors_truncated: false,
    authorships: authorIds.map((id, i) => ({ author_position: i ? 'middle' : 'first', author: { id: `https://openalex.org/${id}`, display_name: `Person ${id}` }, institutions: [], raw_author_name: `Person ${id}` })),
  };
}

/**
 * Notifications shown, and duplicate alerts: a paper covered by more than one notification
 * (showing the same notification id again replaces it: not a duplicate), or twice in the inbox.
 */
function watchAlerts() {
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  const shown: { id: string; papers: string[] }[] = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, o: { message: string }) => {
    shown.push({ id, papers: o.message.split('\n').map((l) => l.replace(/^• /, '')).filter((l) => !/^and \d+ more$/.test(l)) });
    return id;
  }) as never);
  return {
    shown,
    async duplicateAlerts(bg: Background) {
      const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
      const inbox = r.ok ? r.data.inbox.map((p) => p.workId ?? p.arxivId) : [];
      const ids = new Map<string, Set<string>>();
      for (const n of shown) for (const p of n.papers) ids.set(p, (ids.get(p) ?? new Set()).add(n.id));
      return (inbox.length - new Set(inbox).size) + [...ids.values()].reduce((sum, set) => sum + set.size - 1, 0);
    },
  };
}

async function followAndBaseline(bg: Background, ids: string[]) {
  await bg.ask({ type: 'alert-settings', notify: true }, FROM_POPUP);
  for (const id of ids) expect(await bg.ask({ type: 'follow', id, name: `Person ${id}` })).toMatchObject({ ok: true });
  await vi.waitFor(async () => {
    const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
    expect(r.ok && r.data.follows.every((f) => f.checkedAt !== null)).toBe(true);
  });
}

const checkNow = (bg: Background) => bg.ask<{ ran: boolean; found?: number }>({ type: 'check-now' }, FROM_POPUP);

describe('alerts under faults', () => {
  it('[openalex-truncated-100] a followed author at #140 of a list entry cut at 100 still gets the alert, once', async () => {
    const truncate: Route = (u, _, fake) => (u.host === OA_HOST && u.pathname === '/works'
      ? edited(fake, u, (b) => (b.results as { authorships: unknown[]; is_authors_truncated: boolean }[]).forEach((w) => {
        if (w.authorships.length > 100) Object.assign(w, { authorships: w.authorships.slice(0, 100), is_authors_truncated: true });
      }))
      : undefined);
    const bg = startBackground({ route: truncate });
    const alerts = watchAlerts();
    const me = 'A5999000140';
    await followAndBaseline(bg, [me]);
    const others = Array.from({ length: 150 }, (_, i) => `A59990${String(i).padStart(5, '0')}`);
    bg.fake.addWork(newWork(1, others.map((id, i) => (i === 140 ? me : id))));
    expect(await checkNow(bg)).toMatchObject({ ok: true, data: { ran: true, found: 1 } });
    expect(await checkNow(bg)).toMatchObject({ ok: true, data: { ran: true, found: 0 } });
    const duplicateAlerts = await alerts.duplicateAlerts(bg);
    expect(alerts.shown).toHaveLength(1);
    tried('openalex-truncated-100', { duplicateAlerts });
    expect(duplicateAlerts).toBe(0);
  });

  it('[concurrent-checks] the alarm firing during "Check now": one check at a time, the paper alerted once', async () => {
    let inFlight = 0;
    let most = 0;
    const bg = startBackground({
      route: async (u, _, fake) => {
        if (!(u.host === OA_HOST && u.pathname === '/works')) return undefined;
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return edited(fake, u, () => undefined);
      },
    });
    const alerts = watchAlerts();
    const A = bg.catalog.people[0]!.openalexId!;
    await followAndBaseline(bg, [A]);
    // What following asked for may still be answering on a busy machine: only the checks count.
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
    most = 0;
    bg.fake.addWork(newWork(2, [A]));
    const [manual] = await Promise.all([checkNow(bg), bg.deps.follows.check('alarm'), bg.deps.follows.check('alarm')]);
    expect(manual).toMatchObject({ ok: true, data: { ran: true } });
    expect(most).toBe(1);
    const duplicateAlerts = await alerts.duplicateAlerts(bg);
    expect(alerts.shown).toHaveLength(1);
    tried('concurrent-checks', { duplicateAlerts });
    expect(duplicateAlerts).toBe(0);
  });

  it('[concurrent-checks] a check stopped right after notifying: the rerun shows the same notification, not a second one', async () => {
    const bg = startBackground();
    const alerts = watchAlerts();
    const A = bg.catalog.people[1]!.openalexId!;
    const B = bg.catalog.people[2]!.openalexId!;
    await followAndBaseline(bg, [A, B]);
    bg.fake.addWork(newWork(3, [A]));
    // the worker dies between showing the notification and recording it
    let stopped = false;
    const failing = failUserWrites(() => stopped);
    const create = vi.mocked(fakeBrowser.notifications.create);
    const record = create.getMockImplementation()!;
    create.mockImplementationOnce((async (...args: Parameters<typeof record>) => {
      stopped = true;
      return record(...args);
    }) as never);
    await checkNow(bg);
    failing.mockRestore();
    await checkNow(bg);
    const duplicateAlerts = await alerts.duplicateAlerts(bg);
    expect(alerts.shown.map((n) => n.id)).toEqual([alerts.shown[0]!.id, alerts.shown[0]!.id]); // shown again, replaced
    const r = await bg.ask<FollowsState>({ type: 'follows-state' }, FROM_POPUP);
    const followsLost = 2 - (r.ok ? r.data.follows.length : 0);
    tried('concurrent-checks', { duplicateAlerts, followsLost });
    expect(duplicateAlerts).toBe(0);
    expect(followsLost).toBe(0);
  });

  it('[alarm-missing-on-start] a dropped check alarm is recreated on worker start, due once', async () => {
    const bg = startBackground();
    const A = bg.catalog.people[0]!.openalexId!;
    await followAndBaseline(bg, [A]);
    await fakeBrowser.alarms.clearAll();
    const t0 = Date.now();
    await bg.deps.follows.start();
    const alarm = await fakeBrowser.alarms.get('weft-follows-check');
    expect(alarm).toMatchObject({ periodInMinutes: 360 });
    expect(alarm!.scheduledTime).toBeGreaterThanOrEqual(t0 + 60_000);
    // Same-day alerts keep an alarm of their own (scheduled as the first check ends, maybe after the clearing).
    expect((await fakeBrowser.alarms.getAll()).filter((a) => a.name === 'weft-follows-check')).toHaveLength(1);
    tried('alarm-missing-on-start');
  });
});
