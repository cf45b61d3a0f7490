import { fakeBrowser } from 'wxt/testing';
import { CHECK_ALARM, ensureAlarm, nextCheckAt, RETRY_ALARM, scheduleRetry } from './schedule';

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 10, 9);

beforeEach(() => fakeBrowser.reset());

describe('the check alarm', () => {
  it('is created when missing, due one interval after the last check', async () => {
    await ensureAlarm(360, T0 - 60 * MIN, T0);
    expect(await fakeBrowser.alarms.get(CHECK_ALARM)).toMatchObject({ periodInMinutes: 360, scheduledTime: T0 + 300 * MIN });
  });

  it('runs a check missed while the machine slept once, a minute after start', async () => {
    await ensureAlarm(360, T0 - 3 * 24 * 60 * MIN, T0);
    expect(await fakeBrowser.alarms.getAll()).toEqual([{ name: CHECK_ALARM, periodInMinutes: 360, scheduledTime: T0 + MIN }]);
  });

  it('is left alone when it exists with the right period', async () => {
    await ensureAlarm(360, null, T0);
    const before = await fakeBrowser.alarms.get(CHECK_ALARM);
    await ensureAlarm(360, T0 + 90 * MIN, T0 + 100 * MIN);
    expect(await fakeBrowser.alarms.get(CHECK_ALARM)).toEqual(before);
    await ensureAlarm(60, T0, T0 + 100 * MIN);
    expect(await fakeBrowser.alarms.get(CHECK_ALARM)).toMatchObject({ periodInMinutes: 60 });
  });

  it('adds a retry only when it comes before the next periodic check', async () => {
    await ensureAlarm(360, T0, T0);
    await scheduleRetry(T0 + 400 * MIN, T0);
    expect(await fakeBrowser.alarms.get(RETRY_ALARM)).toBeUndefined();
    await scheduleRetry(T0 + 15 * MIN, T0);
    expect(await fakeBrowser.alarms.get(RETRY_ALARM)).toMatchObject({ scheduledTime: T0 + 15 * MIN });
    expect(await nextCheckAt()).toBe(T0 + 15 * MIN);
    await scheduleRetry(null, T0);
    expect(await fakeBrowser.alarms.get(RETRY_ALARM)).toBeUndefined();
    expect(await nextCheckAt()).toBe(T0 + 360 * MIN);
  });
});
