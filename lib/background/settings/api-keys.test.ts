import { fakeBrowser } from 'wxt/testing';
import { createApiKeyStore } from './api-keys';
import { dumpRecords, freshIndexedDb, putRecords } from '../user-data/testing';

beforeEach(() => {
  fakeBrowser.reset();
  freshIndexedDb();
});

describe('the background’s API key store', () => {
  it('reads saved keys', async () => {
    await putRecords({ key: 'apiKeys', version: 1, value: { openalex: 'OaKey12345', s2: '' } });
    const store = createApiKeyStore();
    expect(await store.getKey('openalex')()).toBe('OaKey12345');
    expect(await store.getKey('s2')()).toBeNull();
  });

  it('answers from memory after the first read', async () => {
    const store = createApiKeyStore();
    await store.save({ openalex: 'OaKey12345' });
    vi.stubGlobal('indexedDB', undefined); // any read of the database would now throw
    expect(await store.getKey('openalex')()).toBe('OaKey12345');
  });

  it('saves one key without touching the other, and removes with an empty key', async () => {
    const store = createApiKeyStore();
    await store.save({ openalex: 'OaKey12345', s2: 'S2key67890' });
    await store.save({ s2: '' });
    expect(await store.keys()).toEqual({ openalex: 'OaKey12345', s2: '' });
    // A fresh worker finds the same keys in the user-data database, and storage.local has none.
    expect(await createApiKeyStore().keys()).toEqual({ openalex: 'OaKey12345', s2: '' });
    expect((await dumpRecords()).apiKeys?.value).toEqual({ openalex: 'OaKey12345', s2: '' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keeps the keys an earlier Weft saved in storage.local, moving them out of it', async () => {
    await fakeBrowser.storage.local.set({ apiKeys: { openalex: 'OaKey12345', s2: '' }, 'apiKeys$': { v: 1 } });
    expect(await createApiKeyStore().keys()).toEqual({ openalex: 'OaKey12345', s2: '' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('treats a damaged stored key as no key rather than sending it', async () => {
    await putRecords({ key: 'apiKeys', version: 1, value: { openalex: 'has spaces inside', s2: 42 } });
    expect(await createApiKeyStore().keys()).toEqual({ openalex: '', s2: '' });
  });
});
