/**
 * When arXiv announces (docs/same-day-alerts.md, "When arXiv announces"): at 20:00 US Eastern,
 * Sunday to Thursday, except on its holidays. Each announcement is listed under the next day's
 * date (the "mailing": Sunday's evening announcement is Monday's listing) and its RSS feeds are
 * rebuilt at the midnight that starts that day.
 *
 * Times are computed in America/New_York with Intl, so daylight saving (and any change to its
 * rules the browser knows of) is the browser's business, never a fixed offset here.
 */

export const ANNOUNCE_TIME_ZONE = 'America/New_York';
/** Hour of the announcement, US Eastern (arxiv-browse: PUBLISH_ISO_WEEKDAYS at 20:00). */
export const ANNOUNCE_HOUR = 20;
/** Sunday (0) to Thursday (4), as `Date#getUTCDay` counts a calendar date. */
const ANNOUNCE_WEEKDAYS = new Set([0, 1, 2, 3, 4]);

/**
 * Days with no 20:00 announcement, as arXiv lists them ("2026 Holidays" in arXiv's availability
 * help page). A listed day that is no announcement day (a Friday) changes nothing.
 */
const LISTED_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2024: ['2024-01-15', '2024-05-22', '2024-06-19', '2024-07-04', '2024-09-02', '2024-10-08', '2024-11-28', '2024-12-25', '2024-12-26', '2024-12-31'],
  2025: ['2025-01-01', '2025-01-20', '2025-06-19', '2025-07-06', '2025-09-01', '2025-11-27', '2025-12-25', '2025-12-30'],
  2026: ['2026-01-01', '2026-01-19', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25', '2026-12-29', '2026-12-31'],
};

const DAY_MS = 86_400_000;

/** A calendar date, `YYYY-MM-DD`. */
export type Day = string;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (y: number, m: number, d: number): Day => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};
const parseDay = (day: Day) => day.split('-').map(Number) as [number, number, number];

/** `day` moved by `n` calendar days. */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = parseDay(day);
  return dayOf(y, m, d + n);
}

/** Weekday of a calendar date: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: Day): number {
  const [y, m, d] = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

let parts: Intl.DateTimeFormat | null = null;

/** The wall-clock date and time in US Eastern at epoch ms `t`. */
export function easternWallClock(t: number): { day: Day; hour: number; minute: number } {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ANNOUNCE_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  });
  const p = Object.fromEntries(parts.formatToParts(t).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

/** Epoch ms of a US Eastern wall-clock time (never inside a DST change: those are at 02:00). */
export function easternTime(day: Day, hour: number, minute = 0): number {
  const [y, m, d] = parseDay(day);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The zone's offset at a moment is the wall clock there minus UTC; two rounds settle it.
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const w = easternWallClock(t);
    const [wy, wm, wd] = parseDay(w.day);
    t = wall - (Date.UTC(wy, wm - 1, wd, w.hour, w.minute) - t);
  }
  return t;
}

/** The US holidays arXiv has kept every year, for years it has not listed yet. */
function ruleHolidays(year: number): Day[] {
  const nth = (month: number, weekday: number, n: number) => {
    const first = weekdayOf(dayOf(year, month, 1));
    return dayOf(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  };
  return [
    dayOf(year, 1, 1),
    nth(1, 1, 3), // Martin Luther King Jr. Day
    dayOf(year, 6, 19),
    dayOf(year, 7, 4),
    nth(9, 1, 1), // Labor Day
    nth(11, 4, 4), // Thanksgiving
    dayOf(year, 12, 25),
  ];
}

const holidayCache = new Map<number, Set<Day>>();

/** Whether arXiv makes no announcement on `day` although it is a weekday it announces on. */
export function isHoliday(day: Day): boolean {
  const year = parseDay(day)[0];
  let set = holidayCache.get(year);
  if (!set) holidayCache.set(year, (set = new Set(LISTED_HOLIDAYS[year] ?? ruleHolidays(year))));
  return set.has(day);
}

/** Whether arXiv announces at 20:00 US Eastern on `day`. */
export function announcesOn(day: Day): boolean {
  return ANNOUNCE_WEEKDAYS.has(weekdayOf(day)) && !isHoliday(day);
}

/** One announcement: the US Eastern day of its 20:00 and that moment. */
export interface Announcement {
  /** US Eastern date of the 20:00 announcement (`2026-11-30` for Monday evening's). */
  day: Day;
  /** Epoch ms of 20:00 US Eastern that day. */
  at: number;
  /** The date arXiv lists it under: the next day (Monday evening's is Tuesday's listing). */
  listedAs: Day;
}

function announcement(day: Day): Announcement {
  return { day, at: easternTime(day, ANNOUNCE_HOUR), listedAs: addDays(day, 1) };
}

/** How far back and ahead to look: arXiv's longest pause (the year's end) is far shorter. */
const SEARCH_DAYS = 21;

/** The latest announcement at or before `now`; null only if arXiv paused for weeks. */
export function latestAnnouncement(now: number): Announcement | null {
  const today = easternWallClock(now).day;
  for (let k = 0; k <= SEARCH_DAYS; k++) {
    const day = addDays(today, -k);
    if (!announcesOn(day)) continue;
    const a = announcement(day);
    if (a.at <= now) return a;
  }
  return null;
}

/** The first announcement after `now`. */
export function nextAnnouncement(now: number): Announcement | null {
  const today = easternWallClock(now).day;
  for (let k = 0; k <= SEARCH_DAYS; k++) {
    const day = addDays(today, k);
    if (!announcesOn(day)) continue;
    const a = announcement(day);
    if (a.at > now) return a;
  }
  return null;
}

/** The announcement of a given US Eastern day, or null when arXiv does not announce then. */
export function announcementOf(day: Day): Announcement | null {
  return announcesOn(day) ? announcement(day) : null;
}

/**
 * When the RSS feeds carry an announcement: from the midnight that starts its listed day to the
 * next (they are empty on Saturdays and Sundays, which no announcement is listed as).
 */
export function rssWindow(a: Announcement): { from: number; to: number } {
  return { from: easternTime(a.listedAs, 0), to: easternTime(addDays(a.listedAs, 1), 0) };
}

/** Whole days between two calendar dates (`b` − `a`). */
export function daysBetween(a: Day, b: Day): number {
  const [ay, am, ad] = parseDay(a);
  const [by, bm, bd] = parseDay(b);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / DAY_MS);
}
