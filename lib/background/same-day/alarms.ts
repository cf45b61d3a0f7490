/**
 * Same-day alerts' part of the background's start: the read alarm's listener, registered
 * synchronously (a woken service worker must find it at once), then the alarm itself, or a
 * catch-up read of an announcement missed while the browser was closed.
 */
import { browser } from 'wxt/browser';
import { SAME_DAY_ALARM } from './schedule';
import type { SameDay } from './service';

export function registerSameDayAlerts(sameDay: SameDay): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== SAME_DAY_ALARM) return;
    sameDay.read('alarm').catch((e: unknown) => console.warn('Weft: reading arXiv’s announcement failed', e));
  });
  sameDay.start().catch((e: unknown) => console.warn('Weft: could not schedule the announcement read', e));
}
