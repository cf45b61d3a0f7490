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
import { FEED_SOURCES, MAX_INBOX, MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '../../shared/follows/model';
import { MAX_TOPIC_CATEGORIES, MAX_TOPIC_QUERY_CHARS, MAX_TOPIC_HITS } from '../../shared/follows/topics';
import { ArxivId, Category, OpenAlexAuthorId, OpenAlexWorkId, PersonName } from './fields';

/** A paper in the inbox: its W id, or its arXiv id while only arXiv's announcement has it. */
const PaperKey = v.union([OpenAlexWorkId, ArxivId]);
const Categories = v.pipe(v.array(Category), v.maxLength(100));
const TopicId = v.pipe(v.string(), v.regex(/^t\d{1,15}$/));

export const followRequests = defineRequests({
  /** `category`: the arXiv category of the paper followed from (where they post, for same-day alerts). */
  follow: { from: 'pages', fields: { id: OpenAlexAuthorId, name: PersonName, category: v.optional(Category) } },
  unfollow: { from: 'pages', fields: { id: OpenAlexAuthorId } },
  /** Bare A ids of everyone followed (badges mark them; Follow buttons show their state). */
  'followed-ids': { from: 'pages', fields: {} },
  'follows-state': { from: 'extension', fields: {} },
  'mark-seen': { from: 'extension', fields: { papers: v.pipe(v.array(PaperKey), v.minLength(1), v.maxLength(MAX_INBOX)) } },
  /** Hides name-only guesses from arXiv's announcement (by arXiv id). */
  'hide-guesses': { from: 'extension', fields: { arxivIds: v.pipe(v.array(ArxivId), v.minLength(1), v.maxLength(MAX_INBOX)) } },
  'mark-all-seen': { from: 'extension', fields: {} },
  'check-now': { from: 'extension', fields: {} },
  'alert-settings': {
    from: 'extension',
    fields: {
      intervalMinutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(MIN_INTERVAL_MINUTES), v.maxValue(MAX_INTERVAL_MINUTES))),
      notify: v.optional(v.boolean()),
      sameDay: v.optional(v.boolean()),
      feed: v.optional(v.picklist(FEED_SOURCES)),
    },
  },
  /** The reader's edits to the categories whose announcements are read (`reset`: back to the learned ones). */
  'watch-categories': { from: 'extension', fields: { add: v.optional(Categories), remove: v.optional(Categories), reset: v.optional(v.boolean()) } },
  'topic-follow': {
    from: 'extension',
    fields: {
      query: v.pipe(v.string(), v.maxLength(MAX_TOPIC_QUERY_CHARS)),
      categories: v.pipe(v.array(Category), v.maxLength(MAX_TOPIC_CATEGORIES)),
      ring: v.boolean(),
    },
  },
  'topic-ring': { from: 'extension', fields: { id: TopicId, ring: v.boolean() } },
  'topic-unfollow': { from: 'extension', fields: { id: TopicId } },
  /** Topic matches marked seen: `<topic id> <arXiv id>` each, or all of them when absent. */
  'topic-seen': { from: 'extension', fields: { keys: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(60))), v.minLength(1), v.maxLength(MAX_TOPIC_HITS))) } },
  'import-follows': { from: 'extension', fields: { text: v.pipe(v.string(), v.maxLength(MAX_FILE_CHARS)) } },
});

export function followService({ follows, corrections, sameDay }: Pick<BackgroundDeps, 'follows' | 'corrections' | 'sameDay'>) {
  return followRequests.answer({
    follow: async ({ id, name, category }) => {
      const r = await follows.follow(id, name);
      if (r.followed && category) await sameDay.noteSightings([{ authorId: id, category }]).catch((e: unknown) => console.warn('Weft: could not note where a followed researcher posts', e));
      return r;
    },
    unfollow: ({ id }) => follows.unfollow(id),
    'followed-ids': async () => ({ ids: await follows.followedIds() }),
    'follows-state': async () => {
      const state = await follows.state();
      return { ...state, sameDay: await sameDay.state(state.settings, state.follows.map((f) => f.id)) };
    },
    'mark-seen': async ({ papers }) => {
      await follows.markSeen(papers);
      return null;
    },
    'hide-guesses': async ({ arxivIds }) => {
      await follows.hideGuesses(arxivIds);
      return null;
    },
    'mark-all-seen': async () => {
      await follows.markSeen(null);
      return null;
    },
    // Today's announcement first, if it was not read yet: its papers are then notified with the
    // catalog check's, in one notification.
    'check-now': async () => {
      const read = await sameDay.read('manual').catch((e: unknown) => {
        console.warn('Weft: could not read arXiv’s announcement', e);
        return null;
      });
      return { ...(await follows.check('manual')), sameDay: read };
    },
    'alert-settings': async ({ intervalMinutes, notify, sameDay: on, feed }) => {
      const settings = await follows.updateSettings({
        ...(intervalMinutes !== undefined ? { intervalMinutes } : {}),
        ...(notify !== undefined ? { notify } : {}),
        ...(on !== undefined ? { sameDay: on } : {}),
        ...(feed !== undefined ? { feed } : {}),
      });
      if (on !== undefined || feed !== undefined) await sameDay.reschedule();
      return settings;
    },
    'watch-categories': async (change) => {
      await sameDay.editWatch(change);
      return null;
    },
    'topic-follow': ({ query, categories, ring }) => sameDay.followTopic(query, categories, ring),
    'topic-ring': async ({ id, ring }) => {
      await sameDay.updateTopic(id, { ring });
      return null;
    },
    'topic-unfollow': async ({ id }) => {
      await sameDay.unfollowTopic(id);
      return null;
    },
    'topic-seen': async ({ keys }) => {
      await sameDay.topicSeen(keys ?? null);
      return null;
    },
    // One file holds follows, corrections and topics: the others are imported only when the follows were.
    'import-follows': async ({ text }) => {
      const none = { added: 0, keptYours: 0, overLimit: 0, failed: false };
      const result = await follows.importFile(text);
      if (!result.ok) return { ...result, corrections: none, topics: 0 };
      const parsed = parseFollowFile(text);
      if (!parsed.ok) return { ...result, corrections: none, topics: 0 };
      // The follows are in: corrections that cannot be stored (a full disk) are said to be missing, not lost silently.
      const added = parsed.corrections.length
        ? await corrections.importMany(parsed.corrections).then(
          (c) => ({ ...c, failed: false }),
          (e: unknown) => {
            console.warn('Weft: could not store the imported corrections', e);
            return { ...none, failed: true };
          },
        )
        : none;
      return { ...result, corrections: added, topics: parsed.topics.length ? await sameDay.importTopics(parsed.topics) : 0 };
    },
  });
}
