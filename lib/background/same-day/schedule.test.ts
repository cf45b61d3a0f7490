import { fakeBrowser } from 'wxt/testing';
import { announcementOf } from '../../arxiv/announcements';
import { CATCH_UP_MS, JITTER_MS, nextReadAt, readTimeOf, READ_DELAY_MS, SAME_DAY_ALARM, scheduleRead, scheduledReadAt } from './schedule';

const utc = (iso: string) => Date.parse(iso);
const MIN = 60_000;

beforeEach(() => fakeBrowser.reset());

describe('when the announcement is read', () => {
  it('reads the listing half an hour after 20:00 US Eastern, jittered over the next half hour', () => {
    const a = announcementOf('2026-06-08')!;
    expect(readTimeOf(a, 'listing', 0)).toBe(a.at + READ_DELAY_MS);
    expect(readTimeOf(a, 'listing', 0.999)).toBeLessThan(a.at + READ_DELAY_MS + JITTER_MS);
    expect(readTimeOf(a, 'listing', 0.5)).toBe(a.at + 45 * MIN);
  });

  it('reads the RSS feeds only after the midnight that rebuilds them', () => {
    const a = announcementOf('2026-06-08')!;
    expect(readTimeOf(a, 'rss', 0)).toBe(utc('2026-06-09T04:30:00Z'));
  });

  it('waits for the next announcement once the latest is read: from Thursday night to Sunday evening, nothing', () => {
    const friday = utc('2026-06-12T15:00:00Z');
    const next = nextReadAt(friday, 'listing', '2026-06-11', () => 0)!;
    expect(next.announcement.day).toBe('2026-06-14');
    expect(next.at).toBe(utc('2026-06-15T00:30:00Z'));
  });

  it('skips a holiday: after Wednesday’s read, Thanksgiving Thursday has none, Sunday is next', () => {
    const next = nextReadAt(utc('2026-11-26T12:00:00Z'), 'listing', '2026-11-25', () => 0)!;
    expect(next.announcement.day).toBe('2026-11-29');
  });

  it('catches up an announcement missed while the browser was closed, a minute or two after start', () => {
    const saturday = utc('2026-06-13T18:00:00Z');
    const next = nextReadAt(saturday, 'listing', '2026-06-10', () => 0.5)!;
    expect(next.announcement.day).toBe('2026-06-11');
    expect(next.at).toBe(saturday + 1.5 * MIN);
  });

  it('leaves an announcement missed for days to the catalog', () => {
    const a = announcementOf('2026-06-11')!;
    const later = a.at + CATCH_UP_MS + MIN;
    expect(nextReadAt(later, 'listing', null, () => 0)!.announcement.day).not.toBe('2026-06-11');
  });

  it('keeps one alarm, replaced when scheduled again, cleared when there is nothing to read', async () => {
    await scheduleRead(utc('2026-06-15T00:40:00Z'));
    await scheduleRead(utc('2026-06-16T00:40:00Z'));
    expect((await fakeBrowser.alarms.getAll()).map((a) => a.name)).toEqual([SAME_DAY_ALARM]);
    expect(await scheduledReadAt()).toBe(utc('2026-06-16T00:40:00Z'));
    await scheduleRead(null);
    expect(await scheduledReadAt()).toBeNull();
  });
});
