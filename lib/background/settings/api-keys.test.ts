import { fakeBrowser } from 'wxt/testing';
import { createApiKeyStore } from './api-keys';

beforeEach(() => fakeBrowser.reset());

describe('the background’s API key store', () => {
  it('reads saved keys, and a key saved from elsewhere applies without a restart', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'OaKey12345', s2: '' } });
    const store = createApiKeyStore();
    const openalex = store.getKey('openalex');
    const s2 = store.getKey('s2');
    expect(await openalex()).toBe('OaKey12345');
    expect(await s2()).toBeNull();

    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'OaKey12345', s2: 'S2key67890' } });
    await vi.waitFor(async () => expect(await s2()).toBe('S2key67890'));
  });

  it('answers from memory after the first read', async () => {
    const store = createApiKeyStore();
    await store.save({ openalex: 'OaKey12345' });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await store.getKey('openalex')()).toBe('OaKey12345');
    expect(get).not.toHaveBeenCalled();
  });

  it('saves one key without touching the other, and removes with an empty key', async () => {
    const store = createApiKeyStore();
    await store.save({ openalex: 'OaKey12345', s2: 'S2key67890' });
    await store.save({ s2: '' });
    expect(await store.keys()).toEqual({ openalex: 'OaKey12345', s2: '' });
    // A fresh worker finds the same keys in storage.
    expect(await createApiKeyStore().keys()).toEqual({ openalex: 'OaKey12345', s2: '' });
  });

  it('treats a damaged stored key as no key rather than sending it', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'has spaces inside', s2: 42 } });
    expect(await createApiKeyStore().keys()).toEqual({ openalex: '', s2: '' });
  });
});
