import { fakeBrowser } from 'wxt/testing';
import { registerFirstRun } from './first-run';

beforeEach(() => fakeBrowser.reset());

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('the first-run page', () => {
  it('opens in a tab when Weft is installed, and not when Weft or the browser is updated', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    registerFirstRun();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9', temporary: false });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'browser_update', temporary: false });
    await settled();
    expect(created).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await settled();
    expect(created).toHaveBeenCalledExactlyOnceWith({ url: 'chrome-extension://test-extension-id/welcome.html' });
  });

  it('opens once per profile, though a development build is "installed" at every start', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    registerFirstRun();
    for (let start = 0; start < 3; start++) {
      await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
      await settled();
    }
    expect(created).toHaveBeenCalledTimes(1);
    // Uninstalling empties Weft's storage: a new install shows the page again.
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await settled();
    expect(created).toHaveBeenCalledTimes(2);
  });
});
