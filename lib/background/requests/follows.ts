/**
 * Requests of the follow feature: the author card's and the popup's Follow buttons, the
 * badges' followed marks, and the popup's Following tab. Only the background writes follow
 * data; these messages are the only way to ask it to.
 */
import * as v from 'valibot';
import { MAX_FILE_CHARS } from '../../shared/follows/file';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES, type AlertSettings } from '../../shared/follows/model';
import type { CheckOutcome } from '../follows/check';
import type { FollowResult, FollowsState, ImportResult } from '../follows/service';
import { OpenAlexAuthorId, OpenAlexWorkId, PersonName } from './common';

export const followRequests = [
  v.strictObject({ type: v.literal('follow'), id: OpenAlexAuthorId, name: PersonName }),
  v.strictObject({ type: v.literal('unfollow'), id: OpenAlexAuthorId }),
  /** Bare A ids of everyone followed (badges mark them; Follow buttons show their state). */
  v.strictObject({ type: v.literal('followed-ids') }),
  // The rest serve the popup only (see the handlers).
  v.strictObject({ type: v.literal('follows-state') }),
  v.strictObject({ type: v.literal('mark-seen'), workIds: v.pipe(v.array(OpenAlexWorkId), v.minLength(1), v.maxLength(1000)) }),
  v.strictObject({ type: v.literal('mark-all-seen') }),
  v.strictObject({ type: v.literal('check-now') }),
  v.strictObject({
    type: v.literal('alert-settings'),
    intervalMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(MIN_INTERVAL_MINUTES), v.maxValue(MAX_INTERVAL_MINUTES))),
    notify: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('import-follows'), text: v.pipe(v.string(), v.maxLength(MAX_FILE_CHARS)) }),
] as const;

export type { CheckOutcome, FollowResult, FollowsState, ImportResult };

export interface FollowResponses {
  follow: FollowResult;
  unfollow: FollowResult;
  'followed-ids': { ids: string[] };
  'follows-state': FollowsState;
  'mark-seen': null;
  'mark-all-seen': null;
  'check-now': CheckOutcome;
  'alert-settings': AlertSettings;
  'import-follows': ImportResult;
}
