/**
 * The follows service: the author card's and the popup's Follow buttons, the badges' followed
 * marks, and the popup's Following tab. Only the background writes follow data; these requests
 * are the only way to ask it to. Content scripts may follow, unfollow and read who is followed;
 * the inbox, checks, alert settings and import are for Weft's own pages only.
 */
import * as v from 'valibot';
import { defineRequests } from '../define-requests';
import type { BackgroundDeps } from '../deps';
import { MAX_FILE_CHARS, parseFollowFile } from '../../shared/follows/file';
import { MAX_INBOX, MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '../../shared/follows/model';
import { OpenAlexAuthorId, OpenAlexWorkId, PersonName } from './fields';

export const followRequests = defineRequests({
  follow: { from: 'pages', fields: { id: OpenAlexAuthorId, name: PersonName } },
  unfollow: { from: 'pages', fields: { id: OpenAlexAuthorId } },
  /** Bare A ids of everyone followed (badges mark them; Follow buttons show their state). */
  'followed-ids': { from: 'pages', fields: {} },
  'follows-state': { from: 'extension', fields: {} },
  'mark-seen': { from: 'extension', fields: { workIds: v.pipe(v.array(OpenAlexWorkId), v.minLength(1), v.maxLength(MAX_INBOX)) } },
  'mark-all-seen': { from: 'extension', fields: {} },
  'check-now': { from: 'extension', fields: {} },
  'alert-settings': {
    from: 'extension',
    fields: {
      intervalMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(MIN_INTERVAL_MINUTES), v.maxValue(MAX_INTERVAL_MINUTES))),
      notify: v.optional(v.boolean()),
    },
  },
  'import-follows': { from: 'extension', fields: { text: v.pipe(v.string(), v.maxLength(MAX_FILE_CHARS)) } },
});

export function followService({ follows, corrections }: Pick<BackgroundDeps, 'follows' | 'corrections'>) {
  return followRequests.answer({
    follow: ({ id, name }) => follows.follow(id, name),
    unfollow: ({ id }) => follows.unfollow(id),
    'followed-ids': async () => ({ ids: await follows.followedIds() }),
    'follows-state': () => follows.state(),
    'mark-seen': async ({ workIds }) => {
      await follows.markSeen(workIds);
      return null;
    },
    'mark-all-seen': async () => {
      await follows.markSeen(null);
      return null;
    },
    'check-now': () => follows.check('manual'),
    'alert-settings': ({ intervalMinutes, notify }) =>
      follows.updateSettings({
        ...(intervalMinutes !== undefined ? { intervalMinutes } : {}),
        ...(notify !== undefined ? { notify } : {}),
      }),
    // One file holds follows and corrections: corrections are imported only when the follows were.
    'import-follows': async ({ text }) => {
      const none = { added: 0, keptYours: 0, overLimit: 0, failed: false };
      const result = await follows.importFile(text);
      if (!result.ok) return { ...result, corrections: none };
      const parsed = parseFollowFile(text);
      if (!parsed.ok || !parsed.corrections.length) return { ...result, corrections: none };
      // The follows are in: corrections that cannot be stored (a full disk) are said to be missing, not lost silently.
      const added = await corrections.importMany(parsed.corrections).then(
        (c) => ({ ...c, failed: false }),
        (e: unknown) => {
          console.warn('Weft: could not store the imported corrections', e);
          return { ...none, failed: true };
        },
      );
      return { ...result, corrections: added };
    },
  });
}
