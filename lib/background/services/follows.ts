import type { FollowResponses } from '../requests/follows';
import { requireExtensionPage, type AreaHandlers } from '../server';
import type { BackgroundDeps } from '../deps';

/**
 * Content scripts may follow, unfollow and read who is followed (the author card, the badges);
 * everything else — the inbox, checks, settings, import — is for Weft's own pages only.
 */
export function followHandlers({ follows }: Pick<BackgroundDeps, 'follows'>): AreaHandlers<keyof FollowResponses> {
  return {
    follow: ({ id, name }) => follows.follow(id, name),
    unfollow: ({ id }) => follows.unfollow(id),
    'followed-ids': async () => ({ ids: await follows.followedIds() }),
    'follows-state': async (_, sender) => {
      requireExtensionPage(sender);
      return follows.state();
    },
    'mark-seen': async ({ workIds }, sender) => {
      requireExtensionPage(sender);
      await follows.markSeen(workIds);
      return null;
    },
    'mark-all-seen': async (_, sender) => {
      requireExtensionPage(sender);
      await follows.markSeen(null);
      return null;
    },
    'check-now': async (_, sender) => {
      requireExtensionPage(sender);
      return follows.check('manual');
    },
    'alert-settings': async ({ intervalMinutes, notify }, sender) => {
      requireExtensionPage(sender);
      return follows.updateSettings({
        ...(intervalMinutes !== undefined ? { intervalMinutes } : {}),
        ...(notify !== undefined ? { notify } : {}),
      });
    },
    'import-follows': async ({ text }, sender) => {
      requireExtensionPage(sender);
      return follows.importFile(text);
    },
  };
}
