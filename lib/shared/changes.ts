/**
 * The background's change notices: it is the only writer of user data, and tells Weft's pages
 * (arXiv tabs, popup, options) when something they show changed, so they ask again. Pages never
 * watch storage themselves.
 */

export type ChangeTopic =
  /** Who is followed, the inbox. */
  | 'follows'
  /** Settings, the panel layout, key problems. */
  | 'settings'
  /** Who an author slot is (e.g. a reader's correction). */
  | 'identities';

export const CHANGE_NOTICE = 'weft-changed';

export interface ChangeNotice {
  type: typeof CHANGE_NOTICE;
  topics: ChangeTopic[];
}

export function isChangeNotice(message: unknown): message is ChangeNotice {
  const m = message as Partial<ChangeNotice> | null;
  return !!m && m.type === CHANGE_NOTICE && Array.isArray(m.topics);
}
