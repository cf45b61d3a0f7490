import { createBackgroundDeps } from '@/lib/background/deps';
import { createHandlers } from '@/lib/background/handlers';
import { registerFollowAlerts } from '@/lib/follows/background';
import { listen } from '@/lib/messaging/server';

export default defineBackground(() => {
  // Listeners are registered synchronously: a woken service worker must find them at once.
  const deps = createBackgroundDeps();
  listen(createHandlers(deps));
  registerFollowAlerts(deps.follows);
});
