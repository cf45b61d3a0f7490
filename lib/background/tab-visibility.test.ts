import { fakeBrowser } from 'wxt/testing';
import { CHANGE_NOTICE } from '../shared/changes';
import { dispatch, type Handlers } from './server';
import { settingsService } from './services/settings';
import { tabService } from './services/tabs';
import { registerPageToggle } from './tab-visibility';

const EXT = fakeBrowser.runtime.id;
const ARXIV_TAB = 7;
const OTHER_ARXIV_TAB = 8;
const PLAIN_TAB = 9;
const onTab = (id: number) => ({ id: EXT, url: 'https://arxiv.org/abs/2406.05546', tab: { id } }) as never;
const popup = { id: EXT, url: `chrome-extension://${EXT}/popup.html` } as never;

/** Which tabs have a Weft content script listening, and what each was told. */
function tabsWithWeft(withWeft: number[]) {
  const told: [number, unknown][] = [];
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation((async (tabId: number, message: unknown) => {
    if (!withWeft.includes(tabId)) throw new Error('Could not establish connection. Receiving end does not exist.');
    told.push([tabId, message]);
  }) as never);
  return told;
}

/** The shortcut as the browser delivers it: the command's name and the active tab. */
function shortcut() {
  let listener: ((command: string, tab?: { id?: number }) => Promise<void>) | undefined;
  vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(((l: typeof listener) => void (listener = l)) as never);
  registerPageToggle();
  return (command: string, tabId?: number) => listener!(command, tabId === undefined ? undefined : { id: tabId });
}

function handlers() {
  const deps = { apiKeys: {}, cache: {}, http: {}, keyProblems: {}, follows: {} } as never;
  return { ...settingsService(deps), ...tabService() } as unknown as Handlers;
}

const pageSettings = async (h: Handlers, tabId: number) => {
  const r = await dispatch(h, { type: 'page-settings' }, onTab(tabId), EXT);
  if (!r.ok) throw new Error(r.error.message);
  return r.data as { show: Record<string, boolean>; listings: Record<string, boolean> };
};

beforeEach(() => fakeBrowser.reset());

describe('showing or hiding Weft in one tab', () => {
  it('hides everything on that tab’s arXiv page with the shortcut, tells the page at once, and shows it again on the next press', async () => {
    const told = tabsWithWeft([ARXIV_TAB, OTHER_ARXIV_TAB]);
    const press = shortcut();
    const h = handlers();

    await press('toggle-page', ARXIV_TAB);
    expect(told).toContainEqual([ARXIV_TAB, { type: CHANGE_NOTICE, topics: ['settings'] }]);
    const hidden = await pageSettings(h, ARXIV_TAB);
    expect(Object.values(hidden.show).some(Boolean)).toBe(false);
    expect(Object.values(hidden.listings).some(Boolean)).toBe(false);
    // Another tab keeps the reader's settings.
    expect((await pageSettings(h, OTHER_ARXIV_TAB)).show).toEqual({ badges: true, paper: true, institutions: true, related: true });

    await press('toggle-page', ARXIV_TAB);
    expect((await pageSettings(h, ARXIV_TAB)).show.badges).toBe(true);
    expect(told.filter(([id]) => id === ARXIV_TAB)).toHaveLength(2);
  });

  it('remembers nothing for a tab where Weft does not run, and ignores other commands', async () => {
    tabsWithWeft([ARXIV_TAB]);
    const press = shortcut();
    await press('toggle-page', PLAIN_TAB);
    await press('something-else', ARXIV_TAB);
    await press('toggle-page');
    expect(await dispatch(handlers(), { type: 'tab-visibility', tabId: PLAIN_TAB }, popup, EXT)).toEqual({ ok: true, data: { weft: false, hidden: false } });
    expect((await pageSettings(handlers(), ARXIV_TAB)).show.badges).toBe(true);
  });

  it('counts no page of Weft’s own (the settings in a tab hear tab messages too) as a tab Weft runs in', async () => {
    const settingsTab = await fakeBrowser.tabs.create({ url: `chrome-extension://${EXT}/options.html` });
    tabsWithWeft([settingsTab.id!]);
    const press = shortcut();
    await press('toggle-page', settingsTab.id!);
    expect(await dispatch(handlers(), { type: 'tab-visibility', tabId: settingsTab.id! }, popup, EXT)).toEqual({ ok: true, data: { weft: false, hidden: false } });
  });

  it('lets the popup show and hide Weft on the tab it was opened over, and forgets a closed tab', async () => {
    tabsWithWeft([ARXIV_TAB]);
    shortcut();
    const h = handlers();
    expect(await dispatch(h, { type: 'tab-visibility', tabId: ARXIV_TAB }, popup, EXT)).toEqual({ ok: true, data: { weft: true, hidden: false } });
    expect(await dispatch(h, { type: 'tab-visibility-set', tabId: ARXIV_TAB, hidden: true }, popup, EXT)).toEqual({ ok: true, data: { weft: true, hidden: true } });
    expect((await pageSettings(h, ARXIV_TAB)).show.related).toBe(false);
    // Only Weft's own pages may: a page could otherwise hide Weft in other tabs.
    expect(await dispatch(h, { type: 'tab-visibility-set', tabId: OTHER_ARXIV_TAB, hidden: true }, onTab(ARXIV_TAB), EXT)).toMatchObject({ ok: false });

    await fakeBrowser.tabs.onRemoved.trigger(ARXIV_TAB, { windowId: 1, isWindowClosing: false });
    await vi.waitFor(async () => expect((await pageSettings(h, ARXIV_TAB)).show.related).toBe(true));
  });
});
