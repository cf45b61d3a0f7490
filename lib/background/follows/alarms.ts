/**
 * The follow feature's part of the background's start: listeners registered synchronously
 * (a woken service worker must find them at once), then the startup duties.
 */
import { browser } from 'wxt/browser';
import { openFromNotification } from './notify';
import { isCheckAlarm } from './schedule';
import type { FollowService } from './service';
import { USER_DATA } from '../user-data/schema';
import { onUserDataChange } from '../user-data/user-data';
import { watchSettings } from '../settings/store';

export function registerFollowAlerts(service: FollowService): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (!isCheckAlarm(alarm.name)) return;
    service.check('alarm').catch((e: unknown) => console.warn('Weft: scheduled check failed', e));
  });

  // Whatever changed the follows, the inbox or the topic matches, the badge follows (and is right after a crash).
  const counted: string[] = [USER_DATA.follows, USER_DATA.inbox, USER_DATA.sameDay, USER_DATA.topics];
  onUserDataChange((keys) => {
    if (!keys.some((k) => counted.includes(k))) return;
    service.refreshBadge().catch((e: unknown) => console.warn('Weft: could not update the badge', e));
  });

  const onClicked = (id: string) => {
    openFromNotification(id).catch((e: unknown) => console.warn('Weft: could not open from the notification', e));
  };
  // `notifications` is optional: its events exist only once the permission is granted.
  let listening = false;
  const listenToNotifications = () => {
    if (listening || !browser.notifications) return;
    browser.notifications.onClicked.addListener(onClicked);
    listening = true;
  };
  listenToNotifications();
  browser.permissions.onAdded.addListener(listenToNotifications);

  // Settings that came from another computer (settings/sync.ts) may bring another interval.
  watchSettings(() => void service.ensureSchedule().catch((e: unknown) => console.warn('Weft: could not reschedule the checks', e)));

  service.start().catch((e: unknown) => console.warn('Weft: could not start follow alerts', e));
}
