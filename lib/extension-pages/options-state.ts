/**
 * The options page as signals: the reader's settings, keys (masked, as the background answers
 * them) and key problems, the cache's size, and what the reader's own actions are doing
 * (saving or testing a key, changing a setting, clearing the cache).
 */
import { signal } from '@preact/signals';
import type { KeyTest } from '@/lib/background/catalog/key-check';
import type { ask as askBackground } from '@/lib/ui/client';
import type { CacheStats, SettingsResult, WireError } from '@/lib/background/protocol';
import { perCatalog } from '@/lib/catalog/catalogs';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { checkApiKey, type KeyService } from '@/lib/shared/settings/key-format';
import { type CacheLifetime, type ListingChoice, type ListingChoices, type PageAddition, type Visibility } from '@/lib/shared/settings/settings';
import { describeFailure, failureOf } from '@/lib/ui/describe-failure';
import { onChange } from '@/lib/ui/changes';
import { t } from '../shared/i18n';

type Ask = typeof askBackground;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; failure: WireError };

/** Per service: the problem with the last key the reader tried to save, or what was done. */
export interface KeyFeedback {
  error: string | null;
  done: string | null;
}

export type KeyTestState = { status: 'idle' } | { status: 'testing' } | { status: 'done'; result: KeyTest } | { status: 'failed'; message: string };

/** A short outcome line under a group of controls; `alert` when it went wrong. */
export interface Outcome {
  text: string;
  alert: boolean;
}

const NO_FEEDBACK: KeyFeedback = { error: null, done: null };
const IDLE: KeyTestState = { status: 'idle' };

export function createOptionsState(ask: Ask) {
  const loaded = signal<Loaded<SettingsResult>>({ status: 'loading' });
  const cache = signal<Loaded<CacheStats>>({ status: 'loading' });
  const busy = signal<Record<KeyService, boolean>>(perCatalog(() => false));
  const feedback = signal<Record<KeyService, KeyFeedback>>(perCatalog(() => NO_FEEDBACK));
  const tests = signal<Record<KeyService, KeyTestState>>(perCatalog(() => IDLE));
  const changed = signal<Outcome | null>(null);
  const clearing = signal(false);
  const cleared = signal<Outcome | null>(null);

  const setFeedback = (service: KeyService, f: KeyFeedback) => (feedback.value = { ...feedback.value, [service]: f });
  const setBusy = (service: KeyService, on: boolean) => (busy.value = { ...busy.value, [service]: on });
  const setTest = (service: KeyService, t: KeyTestState) => (tests.value = { ...tests.value, [service]: t });

  async function loadSettings(): Promise<void> {
    if (loaded.value.status !== 'ready') loaded.value = { status: 'loading' };
    try {
      loaded.value = { status: 'ready', data: await ask({ type: 'settings-get' }) };
    } catch (e) {
      // Keep showing what we had; only a first load turns into an error state.
      if (loaded.value.status !== 'ready') loaded.value = { status: 'error', failure: failureOf(e) };
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
      loaded.value = { status: 'ready', data: await ask({ type: 'settings-set-keys', [service]: key }) };
      setFeedback(service, { error: null, done });
      setTest(service, IDLE); // a result was about the key just replaced
      return true;
    } catch (e) {
      setFeedback(service, { error: t('notSaved', describeFailure(failureOf(e)).title), done: null });
      return false;
    } finally {
      setBusy(service, false);
    }
  }

  /**
   * Applies a settings change: shown at once (a checkbox must not flip back while the
   * background answers), confirmed or undone by the answer; `changed` says which.
   */
  async function change(
    { show, listings, cacheLifetime }: { show?: Partial<Visibility>; listings?: Partial<ListingChoices>; cacheLifetime?: CacheLifetime },
    done: string,
  ): Promise<void> {
    const before = loaded.value;
    if (before.status === 'ready') {
      const { settings } = before.data;
      const next = {
        ...settings,
        show: { ...settings.show, ...show },
        listings: { ...settings.listings, ...listings },
        cacheLifetime: cacheLifetime ?? settings.cacheLifetime,
      };
      loaded.value = { status: 'ready', data: { ...before.data, settings: next } };
    }
    changed.value = null;
    try {
      loaded.value = {
        status: 'ready',
        data: await ask({ type: 'settings-set', ...(show ? { show } : {}), ...(listings ? { listings } : {}), ...(cacheLifetime ? { cacheLifetime } : {}) }),
      };
      changed.value = { text: done, alert: false };
    } catch (e) {
      loaded.value = before;
      changed.value = { text: t('notSaved', describeFailure(failureOf(e)).title), alert: true };
    }
  }

  /** Re-reads settings when the background announces a change (e.g. a key refused meanwhile). */
  function watch(): () => void {
    return onChange('settings', () => void loadSettings());
  }

  return {
    loaded,
    cache,
    busy,
    feedback,
    tests,
    changed,
    clearing,
    cleared,
    load: () => Promise.all([loadSettings(), loadStats()]).then(() => undefined),
    loadSettings,
    loadStats,
    watch,
    /** Checks the pasted key and saves it; false (with the reason in `feedback`) when it was not saved. */
    async saveKey(service: KeyService, raw: string): Promise<boolean> {
      const checked = checkApiKey(service, raw);
      if (!checked.ok) {
        setFeedback(service, { error: checked.message, done: null });
        return false;
      }
      return store(service, checked.key, t('keySaved', SOURCE_NAMES[service]));
    },
    removeKey: (service: KeyService) => store(service, '', t('keyRemoved', SOURCE_NAMES[service])),
    /** Asks the catalog whether it takes the saved key. */
    async testKey(service: KeyService): Promise<void> {
      setTest(service, { status: 'testing' });
      try {
        setTest(service, { status: 'done', result: await ask({ type: 'settings-test-key', service }) });
      } catch (e) {
        const f = describeFailure(failureOf(e));
        setTest(service, { status: 'failed', message: t('testNoAnswer', f.title, f.detail) });
      }
      await loadSettings();
    },
    setShown: (what: PageAddition, on: boolean, label: string) =>
      change({ show: { [what]: on } }, t(on ? 'additionShown' : 'additionHidden', label)),
    setListing: (what: ListingChoice, on: boolean, done: string) => change({ listings: { [what]: on } }, done),
    setLifetime: (cacheLifetime: CacheLifetime, label: string) => change({ cacheLifetime }, t('lifetimeChanged', label)),
    async clearCache(): Promise<void> {
      clearing.value = true;
      cleared.value = null;
      try {
        cache.value = { status: 'ready', data: await ask({ type: 'cache-clear' }) };
        cleared.value = { text: t('cacheCleared'), alert: false };
      } catch (e) {
        cleared.value = { text: t('cacheClearFailed', describeFailure(failureOf(e)).title), alert: true };
      } finally {
        clearing.value = false;
      }
    },
  };
}

export type OptionsState = ReturnType<typeof createOptionsState>;
