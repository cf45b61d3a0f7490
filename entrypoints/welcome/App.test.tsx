// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing';
import { API_ORIGINS } from '@/lib/catalog/hosts';
import { App } from './App';

/** Firefox after install or after the reader revoked access: `granted` of the catalog origins held. */
function permissions(granted: string[], { grantOnRequest = true } = {}) {
  const held = new Set(granted);
  const noop = { addListener: () => undefined, removeListener: () => undefined };
  Object.assign(fakeBrowser.permissions, { onAdded: noop, onRemoved: noop });
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) => origins.every((o) => held.has(o)));
  return vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(async ({ origins = [] }) => {
    if (grantOnRequest) origins.forEach((o) => held.add(o));
    return grantOnRequest;
  });
}

const step = () => document.querySelector('[data-weft-field="host-access"]');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first-run page’s catalog access step', () => {
  it('says the catalogs are reachable and asks nothing where access is granted (Chromium)', async () => {
    const request = permissions([...API_ORIGINS]);
    render(<App />);
    await waitFor(() => expect(step()?.getAttribute('data-granted')).toBe('true'));
    expect(screen.queryByRole('button', { name: /allow access/i })).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('asks the browser for the missing hosts on a click, and says when it is done', async () => {
    const request = permissions([API_ORIGINS[0]!]);
    render(<App />);
    await waitFor(() => expect(step()?.getAttribute('data-granted')).toBe('false'));
    expect(step()?.textContent).toContain('api.semanticscholar.org');
    fireEvent.click(screen.getByRole('button', { name: 'Allow access to the catalogs' }));
    await waitFor(() => expect(step()?.getAttribute('data-granted')).toBe('true'));
    expect(request).toHaveBeenCalledWith({ origins: [API_ORIGINS[1]] });
  });

  it('says so when the browser refuses, and keeps the button', async () => {
    permissions([], { grantOnRequest: false });
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Allow access to the catalogs' }));
    await screen.findByRole('alert');
    expect(step()?.getAttribute('data-granted')).toBe('false');
    expect(screen.getByRole('button', { name: 'Allow access to the catalogs' })).toBeTruthy();
  });
});
