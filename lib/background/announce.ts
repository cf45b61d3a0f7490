/**
 * Announces changes of user data to Weft's pages. The background is the only writer, so it
 * watches its own writes (the user-data database's change hook and one storage listener for
 * what stays in `storage.local`, here) and tells every page that may show them:
 * extension pages through runtime messages, arXiv tabs through tab messages (to the tabs whose
 * content script has asked something; kept in session storage across worker restarts).
 */
import { browser } from 'wxt/browser';
import { CHANGE_NOTICE, type ChangeNotice, type ChangeTopic } from '../shared/changes';
import { LEASE_KEY } from '../shared/follows/model';
import { LEGACY_ALERTS_KEY, SETTINGS_KEY } from '../shared/settings/settings';
import { KEY_PROBLEMS_KEY } from './settings/key-problems';
import { PANEL_LAYOUT_KEY } from './settings/panel-layout';
import { USER_DATA, type UserDataKey } from './user-data/schema';
import { onUserDataChange } from './user-data/user-data';

const TABS_KEY = 'weft.noticeTabs';

/** Which `storage.local` keys each topic covers. */
const TOPIC_OF: Record<string, ChangeTopic> = {
  [SETTINGS_KEY]: 'settings',
  [LEGACY_ALERTS_KEY]: 'settings',
  [PANEL_LAYOUT_KEY]: 'settings',
  [KEY_PROBLEMS_KEY]: 'settings',
};

/**
 * Which user-data records each topic covers (the saved keys show, masked, in settings). Recent
 * searches have none: only the popup that changed them shows them, and no arXiv tab should hear
 * when the reader searched.
 */
const USER_TOPIC_OF: Record<UserDataKey, ChangeTopic | null> = {
  [USER_DATA.follows]: 'follows',
  [USER_DATA.inbox]: 'follows',
  [USER_DATA.status]: 'follows',
  [USER_DATA.unfollowed]: 'follows',
  [USER_DATA.apiKeys]: 'settings',
  [USER_DATA.corrections]: 'identities',
  // Only the card that changed a correction offers its Undo.
  [USER_DATA.correctionsUndo]: null,
  [USER_DATA.recentSearches]: null,
  [USER_DATA.sameDay]: 'follows',
  [USER_DATA.topics]: 'follows',
  // Written with the topics it stamps, which are announced.
  [USER_DATA.topicStamps]: null,
};

export function createAnnouncer() {
  const tabs = new Set<number>();
  const restored = browser.storage.session
    .get(TABS_KEY)
    .then((items) => {
      const saved = items[TABS_KEY];
      if (Array.isArray(saved)) for (const id of saved) if (typeof id === 'number') tabs.add(id);
    })
    .catch(() => undefined);
  const save = () => void browser.storage.session.set({ [TABS_KEY]: [...tabs] }).catch(() => undefined);

  /** A content script in this tab asked something: it wants to hear of changes. */
  function noteTab(tabId: number): void {
    if (tabs.has(tabId)) return;
    tabs.add(tabId);
    save();
  }

  async function announce(topics: ChangeTopic[]): Promise<void> {
    await restored;
    const notice: ChangeNotice = { type: CHANGE_NOTICE, topics };
    // No extension page open is not an error.
    browser.runtime.sendMessage(notice).catch(() => undefined);
    for (const tabId of tabs) {
      browser.tabs.sendMessage(tabId, notice).catch(() => {
        // The tab was closed or left arXiv.
        tabs.delete(tabId);
        save();
      });
    }
  }

  /** Announces every change the background stores. */
  function watchStorage(): void {
    onUserDataChange((keys) => {
      const topics = new Set(keys.flatMap((key) => USER_TOPIC_OF[key] ?? []));
      if (topics.size) void announce([...topics]);
    });
    browser.storage.onChanged.addListener((changes, area) => {
      const topics = new Set<ChangeTopic>();
      for (const key of Object.keys(changes)) {
        // A check running or done (its lease, in session storage) changes what the Following tab shows.
        const topic = area === 'local' ? TOPIC_OF[key] : area === 'session' && key === LEASE_KEY ? 'follows' : undefined;
        if (topic) topics.add(topic);
      }
      if (topics.size) void announce([...topics]);
    });
  }

  return { noteTab, announce, watchStorage };
}
