/**
 * Where the reader hid Weft: per tab, with the `toggle-page` shortcut or the popup's switch.
 * A reader who hides Weft wants arXiv's own page back, in that tab, until they ask for Weft
 * again: the choice holds while they read on in the tab (the next paper, a reload), and ends
 * with the tab or the browser session (storage.session); other tabs keep showing Weft.
 *
 * Hidden is a page-settings answer that shows nothing (services/settings.ts): the content
 * scripts, told the settings changed, stop every feature, which removes all it added and asks
 * nothing more; shown again, the features run anew. So the content scripts carry no code of
 * their own for it.
 */
import { browser } from 'wxt/browser';
import { CHANGE_NOTICE, type ChangeNotice, type ChangeTopic } from '../shared/changes';
import { TOGGLE_PAGE_COMMAND } from '../shared/commands';
import { createSerial } from './serial';

/** The ids of the tabs where Weft is hidden, in `storage.session`. */
export const HIDDEN_TABS_KEY = 'weft.hiddenTabs';

export interface TabVisibility {
  /** A Weft content script runs in the tab (an arXiv page Weft adds to). */
  weft: boolean;
  /** The reader hid Weft in this tab. */
  hidden: boolean;
}

const exclusive = createSerial();

async function hiddenTabs(): Promise<Set<number>> {
  const saved = (await browser.storage.session.get(HIDDEN_TABS_KEY))[HIDDEN_TABS_KEY];
  return new Set(Array.isArray(saved) ? saved.filter((id): id is number => typeof id === 'number') : []);
}

async function saveHiddenTabs(tabs: Set<number>): Promise<void> {
  await browser.storage.session.set({ [HIDDEN_TABS_KEY]: [...tabs] });
}

export async function isHiddenOn(tabId: number): Promise<boolean> {
  return (await hiddenTabs()).has(tabId);
}

/** A page of Weft's own (the options page, the popup opened as a tab) also hears tab messages. */
async function showsOwnPage(tabId: number): Promise<boolean> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return !!tab?.url?.startsWith(browser.runtime.getURL('/'));
}

/**
 * Sends the tab's content scripts a change notice; false when none listens (no arXiv page of
 * Weft's in the tab, or one still loading). A notice of no topic only asks whether one is there.
 */
async function tell(tabId: number, topics: ChangeTopic[]): Promise<boolean> {
  if (await showsOwnPage(tabId)) return false;
  const notice: ChangeNotice = { type: CHANGE_NOTICE, topics };
  return browser.tabs.sendMessage(tabId, notice).then(
    () => true,
    () => false,
  );
}

export async function tabVisibility(tabId: number): Promise<TabVisibility> {
  const [weft, hidden] = await Promise.all([tell(tabId, []), isHiddenOn(tabId)]);
  return { weft, hidden };
}

/**
 * Hides or shows Weft in the tab and tells its page at once. In a tab without Weft nothing is
 * remembered: a hidden mark there would surprise the reader on the next arXiv page they open.
 */
export function setHiddenOn(tabId: number, hidden: boolean): Promise<TabVisibility> {
  return exclusive(async () => {
    const tabs = await hiddenTabs();
    if (tabs.has(tabId) === hidden) return { weft: await tell(tabId, []), hidden };
    if (hidden) tabs.add(tabId);
    else tabs.delete(tabId);
    await saveHiddenTabs(tabs);
    // The page asks for its settings again and gets the tab's answer.
    if (await tell(tabId, ['settings'])) return { weft: true, hidden };
    if (!hidden) return { weft: false, hidden };
    tabs.delete(tabId);
    await saveHiddenTabs(tabs);
    return { weft: false, hidden: false };
  });
}

async function toggle(tabId: number): Promise<void> {
  await setHiddenOn(tabId, !(await isHiddenOn(tabId)));
}

/** The shortcut, and forgetting closed tabs. Registered synchronously at the worker's start. */
export function registerPageToggle(): void {
  // Settles when the page has been told (the browser ignores what a listener returns).
  browser.commands.onCommand.addListener(async (command, tab) => {
    if (command !== TOGGLE_PAGE_COMMAND || tab?.id === undefined) return;
    await toggle(tab.id).catch((e: unknown) => console.warn('Weft: could not show or hide Weft in this tab', e));
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    void exclusive(async () => {
      const tabs = await hiddenTabs();
      if (tabs.delete(tabId)) await saveHiddenTabs(tabs);
    }).catch(() => undefined);
  });
}
