/**
 * The options page as signals: the saved keys (masked, as the background answers them), the
 * cache's size, and what the reader's own actions are doing (saving a key, clearing the cache).
 */
import { signal } from '@preact/signals';
import type { ask as askBackground } from '@/lib/messaging/client';
import type { CacheStats, MaskedKeys, WireError } from '@/lib/messaging/protocol';
import { failureOf } from '@/lib/ui/describe-failure';
import { checkApiKey, SERVICE_NAMES, type KeyService } from '@/lib/settings/key-format';

type Ask = typeof askBackground;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; failure: WireError };

/** Per service: the problem with the last key the reader tried to save, or what was done. */
export interface KeyFeedback {
  error: string | null;
  done: string | null;
}

const NO_FEEDBACK: KeyFeedback = { error: null, done: null };

export function createOptionsState(ask: Ask) {
  const keys = signal<Loaded<MaskedKeys>>({ status: 'loading' });
  const cache = signal<Loaded<CacheStats>>({ status: 'loading' });
  const busy = signal<Record<KeyService, boolean>>({ openalex: false, s2: false });
  const feedback = signal<Record<KeyService, KeyFeedback>>({ openalex: NO_FEEDBACK, s2: NO_FEEDBACK });
  const clearing = signal(false);
  const cleared = signal<{ text: string; alert: boolean } | null>(null);

  const setFeedback = (service: KeyService, f: KeyFeedback) => (feedback.value = { ...feedback.value, [service]: f });
  const setBusy = (service: KeyService, on: boolean) => (busy.value = { ...busy.value, [service]: on });

  async function loadKeys(): Promise<void> {
    keys.value = { status: 'loading' };
    try {
      keys.value = { status: 'ready', data: (await ask({ type: 'settings-get' })).keys };
    } catch (e) {
      keys.value = { status: 'error', failure: failureOf(e) };
    }
  }

  async function loadStats(): Promise<void> {
    cache.value = { status: 'loading' };
    try {
      cache.value = { status: 'ready', data: await ask({ type: 'cache-stats' }) };
    } catch (e) {
      cache.value = { status: 'error', failure: failureOf(e) };
    }
  }

  /** Saves `key` ('' removes the saved one); true when it was saved. */
  async function store(service: KeyService, key: string, done: string): Promise<boolean> {
    setBusy(service, true);
    try {
      const result = await ask({ type: 'settings-set-keys', [service]: key });
      keys.value = { status: 'ready', data: result.keys };
      setFeedback(service, { error: null, done });
      return true;
    } catch (e) {
      setFeedback(service, { error: `Not saved: ${failureOf(e).message}`, done: null });
      return false;
    } finally {
      setBusy(service, false);
    }
  }

  return {
    keys,
    cache,
    busy,
    feedback,
    clearing,
    cleared,
    load: () => Promise.all([loadKeys(), loadStats()]).then(() => undefined),
    loadKeys,
    loadStats,
    /** Checks the pasted key and saves it; false (with the reason in `feedback`) when it was not saved. */
    async saveKey(service: KeyService, raw: string): Promise<boolean> {
      const checked = checkApiKey(service, raw);
      if (!checked.ok) {
        setFeedback(service, { error: checked.message, done: null });
        return false;
      }
      return store(service, checked.key, `${SERVICE_NAMES[service]} key saved; Weft uses it from the next request.`);
    },
    removeKey: (service: KeyService) => store(service, '', `${SERVICE_NAMES[service]} key removed.`),
    async clearCache(): Promise<void> {
      clearing.value = true;
      cleared.value = null;
      try {
        cache.value = { status: 'ready', data: await ask({ type: 'cache-clear' }) };
        cleared.value = { text: 'Cached data cleared. Pages fetch fresh numbers from the catalogs the next time you open them.', alert: false };
      } catch (e) {
        cleared.value = { text: `The cache could not be cleared: ${failureOf(e).message}`, alert: true };
      } finally {
        clearing.value = false;
      }
    },
  };
}

export type OptionsState = ReturnType<typeof createOptionsState>;
