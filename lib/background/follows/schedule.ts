/**
 * When checks run: a periodic `browser.alarms` alarm (timers die with the service worker).
 * Alarms may be cleared when the browser restarts, so every worker start calls `ensureAlarm`,
 * which recreates a missing one due at the next interval after the last check — or in a
 * minute when that time has passed (a check missed while the machine slept runs once, not
 * once per missed interval). After a transient failure a one-off retry alarm fires at the
 * backoff time when that comes before the next periodic check.
 */
import { browser } from 'wxt/browser';

export const CHECK_ALARM = 'weft-follows-check';
export const RETRY_ALARM = 'weft-follows-retry';

const MINUTE = 60_000;
/** The soonest a (re)created alarm fires: lets a starting browser settle first. */
const FIRST_DELAY_MS = MINUTE;

export function isCheckAlarm(name: string): boolean {
  return name === CHECK_ALARM || name === RETRY_ALARM;
}

/** (Re)creates the periodic alarm: due `intervalMinutes` after `lastCheckAt`, never sooner than a minute from now. */
export async function scheduleChecks(intervalMinutes: number, lastCheckAt: number | null, now = Date.now()): Promise<void> {
  const due = lastCheckAt === null ? now : lastCheckAt + intervalMinutes * MINUTE;
  await browser.alarms.create(CHECK_ALARM, { when: Math.max(now + FIRST_DELAY_MS, due), periodInMinutes: intervalMinutes });
}

/** Recreates the periodic alarm when it is missing or has another period than `intervalMinutes`. */
export async function ensureAlarm(intervalMinutes: number, lastCheckAt: number | null, now = Date.now()): Promise<void> {
  const alarm = await browser.alarms.get(CHECK_ALARM);
  if (alarm && alarm.periodInMinutes === intervalMinutes) return;
  await scheduleChecks(intervalMinutes, lastCheckAt, now);
}

/** A one-off retry at `retryAt` when that is before the next periodic check; none when null. */
export async function scheduleRetry(retryAt: number | null, now = Date.now()): Promise<void> {
  if (retryAt === null) {
    await browser.alarms.clear(RETRY_ALARM);
    return;
  }
  const periodic = await browser.alarms.get(CHECK_ALARM);
  if (periodic && periodic.scheduledTime <= retryAt) return;
  await browser.alarms.create(RETRY_ALARM, { when: Math.max(retryAt, now + FIRST_DELAY_MS) });
}

/** Epoch ms of the next scheduled check, if any. */
export async function nextCheckAt(): Promise<number | null> {
  const alarms = await Promise.all([browser.alarms.get(CHECK_ALARM), browser.alarms.get(RETRY_ALARM)]);
  const times = alarms.flatMap((a) => (a ? [a.scheduledTime] : []));
  return times.length ? Math.min(...times) : null;
}
