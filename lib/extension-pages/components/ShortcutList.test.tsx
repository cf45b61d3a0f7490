// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing';
import { ShortcutList } from './ShortcutList';

/** The keys the browser reports: the reader removed the toggle's. */
function browserShortcuts() {
  vi.spyOn(fakeBrowser.commands, 'getAll').mockResolvedValue([
    { name: '_execute_action', shortcut: 'Alt+Shift+S', description: '' },
    { name: 'toggle-page', shortcut: '', description: 'Show or hide Weft on the arXiv page in this tab' },
  ]);
}

const row = (name: string) => document.querySelector(`[data-weft-shortcut="${name}"]`);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('the shortcut list', () => {
  it('shows the keys the browser has, says when one is not set, and opens Chrome’s shortcut page on a click', async () => {
    browserShortcuts();
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<ShortcutList />);
    await waitFor(() => expect(row('_execute_action')?.textContent).toContain('Alt+Shift+S'));
    expect(row('_execute_action')?.textContent).toContain('Open Weft’s search');
    expect(row('toggle-page')?.textContent).toContain('no key set');
    fireEvent.click(screen.getByRole('button', { name: 'Change shortcuts' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith({ url: 'chrome://extensions/shortcuts' }));
  });

  it('uses the browser’s own way to its shortcut settings where there is one (Firefox)', async () => {
    browserShortcuts();
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser.commands, { openShortcutSettings: open });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<ShortcutList />);
    fireEvent.click(screen.getByRole('button', { name: 'Change shortcuts' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(created).not.toHaveBeenCalled();
    delete (fakeBrowser.commands as { openShortcutSettings?: unknown }).openShortcutSettings;
  });
});
