/**
 * When the announcement is read (docs/same-day-alerts.md, "When"): one `browser.alarms` alarm,
 * set for the next announcement — half an hour after 20:00 US Eastern (arXiv's listings are
 * rebuilt then) plus up to half an hour of jitter, so that every reader's browser does not ask at
 * the same second; for the RSS feeds, after the midnight that rebuilds them. Never on a day
 * without an announcement. A browser started after an announcement it has not read catches up a
 * minute or two later (within CATCH_UP_MS of it: older announcements are gone from /new).
 */
import { browser } from 'wxt/browser';
import { latestAnnouncement, nextAnnouncement, rssWindow, type Announcement } from '../../arxiv/announcements';
import type { FeedSource } from '../../shared/follows/model';

export const SAME_DAY_ALARM = 'weft-same-day-read';

const MINUTE = 60_000;
/** After the announcement's hour: arXiv's publish run takes a while (arxiv-browse: APPROX_PUBLISH_DURATION). */
export const READ_DELAY_MS = 30 * MINUTE;
export const JITTER_MS = 30 * MINUTE;
/** A catch-up read waits this long after the worker starts, plus up to as much again. */
const CATCH_UP_DELAY_MS = MINUTE;
/** Past this, an announcement missed is left to the catalog. */
export const CATCH_UP_MS = 3 * 24 * 60 * MINUTE;

/** When announcement `a` is read from `source`, `jitter` in [0, 1). */
export function readTimeOf(a: Announcement, source: FeedSource, jitter: number): number {
  const from = source === 'rss' ? rssWindow(a).from : a.at;
  return from + READ_DELAY_MS + Math.floor(jitter * JITTER_MS);
}

/**
 * The next read: the latest announcement when it was not read and is recent (a catch-up, soon),
 * else the next announcement's read time. `readFor`: the latest announcement day read.
 */
export function nextReadAt(now: number, source: FeedSource, readFor: string | null, random: () => number = Math.random): { at: number; announcement: Announcement } | null {
  const latest = latestAnnouncement(now);
  if (latest && readFor !== latest.day && now - latest.at < CATCH_UP_MS) {
    const due = readTimeOf(latest, source, random());
    return { at: Math.max(due, now + CATCH_UP_DELAY_MS + Math.floor(random() * CATCH_UP_DELAY_MS)), announcement: latest };
  }
  const next = nextAnnouncement(now);
  return next ? { at: readTimeOf(next, source, random()), announcement: next } : null;
}

/** Sets the read alarm (replacing any); clears it when there is nothing to read. */
export async function scheduleRead(at: number | null): Promise<void> {
  if (at === null) await browser.alarms.clear(SAME_DAY_ALARM);
  else await browser.alarms.create(SAME_DAY_ALARM, { when: at });
}

export async function scheduledReadAt(): Promise<number | null> {
  return (await browser.alarms.get(SAME_DAY_ALARM))?.scheduledTime ?? null;
}
