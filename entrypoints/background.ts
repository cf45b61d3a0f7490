import { createAnnouncer } from '@/lib/background/announce';
import { createBackgroundDeps } from '@/lib/background/deps';
import { registerFirstRun } from '@/lib/background/first-run';
import { registerFollowAlerts } from '@/lib/background/follows/alarms';
import { registerSameDayAlerts } from '@/lib/background/same-day/alarms';
import { listen } from '@/lib/background/server';
import { createServices } from '@/lib/background/services';
import { migrateStoredSettings, settingsStore } from '@/lib/background/settings/store';
import { settingsSyncPart } from '@/lib/background/settings/sync';
import { sameDayStore } from '@/lib/background/same-day/store';
import { topicSyncPart } from '@/lib/background/same-day/topic-sync';
import { watchSyncPart } from '@/lib/background/same-day/watch-sync';
import { registerBrowserSync } from '@/lib/background/sync/browser-sync';
import { registerPageToggle } from '@/lib/background/tab-visibility';

export default defineBackground(() => {
  // Listeners are registered synchronously: a woken service worker must find them at once.
  const deps = createBackgroundDeps();
  const announcer = createAnnouncer();
  // A page's daily share is charged what its papers' identifications spent (lib/background/page-allowance.ts).
  listen(createServices(deps), announcer.noteTab, deps.fresh);
  announcer.watchStorage();
  registerFollowAlerts(deps.follows);
  registerSameDayAlerts(deps.sameDay);
  registerFirstRun();
  registerPageToggle();
  void deps.cache.open();
  // An update's first start stores the settings in their current shape (readers migrate in memory meanwhile).
  const migrated = migrateStoredSettings().catch((e: unknown) => console.warn('Weft: could not migrate the stored settings', e));
  // Settings, followed topics and the watched-category edits follow the reader to their other
  // computers; another computer's topics or edits change which announcements are read.
  const changed = () => deps.sameDay.reschedule();
  registerBrowserSync(migrated, [settingsSyncPart(settingsStore), topicSyncPart({ store: sameDayStore, changed }), watchSyncPart({ store: sameDayStore, changed })]);
});
