import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { AlertControls } from '@/lib/extension-pages/components/AlertOptions';
import { FailureNotice } from '@/lib/extension-pages/components/FailureNotice';
import { HostAccessNotice } from '@/lib/extension-pages/components/HostAccessNotice';
import { ShortcutList } from '@/lib/extension-pages/components/ShortcutList';
import { TTL } from '@/lib/shared/cache-ttl';
import { createFollowingState } from '@/lib/extension-pages/following-state';
import { ask } from '@/lib/ui/client';
import { onChange } from '@/lib/ui/changes';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import { welcomePageUrl } from '@/lib/shared/welcome-link';
import { browser } from 'wxt/browser';
import { keyHelpUrl, openAlexUrl } from '@/lib/catalog/links';
import type { ResponseMap } from '@/lib/background/protocol';
import { CATALOGS, SOURCE_IDS } from '@/lib/catalog/catalogs';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { KEY_MESSAGES, MAX_KEY_LENGTH, type KeyService } from '@/lib/shared/settings/key-format';
import { CACHE_LIFETIMES, CACHE_TTL_SCALE, LISTING_CHOICES, PAGE_ADDITIONS, PANEL_SETTINGS, type CacheLifetime, type ListingChoice, type PageAddition } from '@/lib/shared/settings/settings';
import { describeBudget } from '@/lib/extension-pages/budget';
import { dateFormat, formatBytes, formatCount, formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';
import { createOptionsState, type OptionsState } from '../../lib/extension-pages/options-state';
import { PrivacySection, SyncNote } from './PrivacySection';

const state = createOptionsState(ask);
const following = createFollowingState(ask);

const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Ids of the texts that describe a key's input, for aria-describedby. */
const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function KeyTestResult({ service, state }: { service: KeyService; state: OptionsState }) {
  const test = state.tests.value[service];
  const name = SOURCE_NAMES[service];
  if (test.status === 'idle') return null;
  if (test.status === 'testing') return <p class="feedback" role="status">{t('asking', name)}</p>;
  if (test.status === 'failed') return <p class="feedback alert" role="alert">{test.message}</p>;
  if (!test.result.valid) {
    return (
      <p class="feedback alert" role="alert" data-weft-field="key-test" data-valid="false">
        {t('keyInvalid', name)}
      </p>
    );
  }
  const budget = test.result.budget;
  if (!budget) {
    return (
      <p class="feedback" role="status" data-weft-field="key-test" data-valid="true">
        {t('keyAccepted', name)}
      </p>
    );
  }
  const text = describeBudget(budget);
  return (
    <div class="budget" role="status" data-weft-field="key-test" data-valid="true" data-remaining={budget.remaining}>
      <p class="feedback">
        {t('keyAcceptedBudget', name, text.used, text.left, text.reset)}
      </p>
      <meter min={0} max={1} value={text.share} aria-label={t('allowanceShare', name)} />
    </div>
  );
}

function KeyRow({ service, state }: { service: KeyService; state: OptionsState }) {
  const draft = useSignal('');
  const loaded = state.loaded.value;
  const saved = loaded.status === 'ready' ? loaded.data.keys[service] : null;
  const refusedAt = loaded.status === 'ready' ? loaded.data.problems[service] : null;
  const busy = state.busy.value[service];
  const testing = state.tests.value[service].status === 'testing';
  const { error, done } = state.feedback.value[service];
  const name = SOURCE_NAMES[service];
  const id = `key-${service}`;
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    if (await state.saveKey(service, draft.value)) draft.value = '';
  };
  return (
    <div class="key-row" data-weft-key={service}>
      <h3>{name}</h3>
      <p id={`${id}-help`} class="muted help">
        {t(KEY_MESSAGES[service].help)} {t('getOneFreeAt')}{' '}
        <a href={keyHelpUrl(service)} target="_blank" rel="noreferrer">
          {CATALOGS[service].siteHost.replace(/^www\./, '')}
        </a>
        .
      </p>
      {saved && (
        <p class="saved">
          <span>
            {t('savedKey')} <code data-weft-field="masked-key" aria-label={t('keyEndingIn', name, saved.slice(-4))}>{saved}</code>
          </span>
          <button type="button" class="action" data-weft-action="test-key" disabled={busy || testing} aria-busy={testing} onClick={() => void state.testKey(service)}>
            {t(testing ? 'testing' : 'test')}
          </button>
          <button type="button" class="action" data-weft-action="remove-key" disabled={busy} aria-label={t('removeKey', name)} onClick={() => void state.removeKey(service)}>
            {t('remove')}
          </button>
        </p>
      )}
      {saved && refusedAt !== null && (
        <p id={`${id}-refused`} class="feedback alert" role="alert" data-weft-field="key-refused">
          {t('keyRefused', name, when().format(refusedAt))}
        </p>
      )}
      <KeyTestResult service={service} state={state} />
      <form class="key-form" onSubmit={onSubmit}>
        <label for={id}>{t(saved ? 'replaceKey' : 'apiKeyOf', name)}</label>
        <div class="key-input">
          <input
            id={id}
            type="password"
            autocomplete="off"
            spellcheck={false}
            maxLength={MAX_KEY_LENGTH + 50}
            data-weft-field="api-key"
            value={draft.value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`, saved && refusedAt !== null && `${id}-refused`, `${id}-help`)}
            onInput={(e) => (draft.value = e.currentTarget.value)}
          />
          <button type="submit" class="action primary" data-weft-action="save-key" disabled={busy} aria-busy={busy}>
            {t(busy ? 'saving' : 'save')}
          </button>
        </div>
      </form>
      {error && (
        <p id={`${id}-error`} class="feedback alert" role="alert">
          {error}
        </p>
      )}
      {done && !error && (
        <p class="feedback" role="status">
          {done}
        </p>
      )}
    </div>
  );
}

function KeysSection({ state }: { state: OptionsState }) {
  const loaded = state.loaded.value;
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">{t('keysTitle')}</h2>
      <p>{t('keysIntro')}</p>
      {loaded.status === 'loading' && <p class="muted" role="status">{t('loadingKeys')}</p>}
      {loaded.status === 'error' && <FailureNotice failure={loaded.failure} what={t('savedKeys')} onRetry={() => void state.loadSettings()} />}
      {loaded.status === 'ready' && loaded.data.keysUntilRestart && (
        <p class="notice" role="note" data-weft-field="keys-until-restart">
          {t('keysUntilRestart')}
        </p>
      )}
      {loaded.status === 'ready' && SOURCE_IDS.map((s) => <KeyRow key={s} service={s} state={state} />)}
    </section>
  );
}

const ADDITIONS = {
  badges: { label: 'authorBadges', what: 'authorBadgesWhat' },
  ...PANEL_SETTINGS,
} as const satisfies Record<PageAddition, { label: MessageKey; what: MessageKey }>;

const LISTING = {
  badges: { label: 'authorBadges', what: 'listingBadgesWhat', on: 'listingBadgesOn', off: 'listingBadgesOff' },
  onlyFollowed: { label: 'onlyFollowed', what: 'onlyFollowedWhat', on: 'onlyFollowedOn', off: 'onlyFollowedOff' },
} as const satisfies Record<ListingChoice, { label: MessageKey; what: MessageKey; on: MessageKey; off: MessageKey }>;

function PagesSection({ state }: { state: OptionsState }) {
  const loaded = state.loaded.value;
  const changed = state.changed.value;
  return (
    <section aria-labelledby="pages-title">
      <h2 id="pages-title">{t('onArxivPages')}</h2>
      {loaded.status === 'loading' && <p class="muted" role="status">{t('loadingSettings')}</p>}
      {loaded.status === 'error' && <FailureNotice failure={loaded.failure} what={t('settings')} onRetry={() => void state.loadSettings()} />}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>{t('showOnAbstractPages')}</legend>
          {PAGE_ADDITIONS.map((what) => (
            <label key={what} class="check">
              <input
                type="checkbox"
                data-weft-show={what}
                checked={loaded.data.settings.show[what]}
                onChange={(e) => void state.setShown(what, e.currentTarget.checked, t(ADDITIONS[what].label))}
              />
              <span>
                <strong>{t(ADDITIONS[what].label)}</strong> <span class="muted">— {t(ADDITIONS[what].what)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>{t('onListingPages')}</legend>
          {LISTING_CHOICES.map((what) => (
            <label key={what} class="check">
              <input
                type="checkbox"
                data-weft-listing={what}
                checked={loaded.data.settings.listings[what]}
                disabled={what === 'onlyFollowed' && !loaded.data.settings.listings.badges}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  void state.setListing(what, on, t(on ? LISTING[what].on : LISTING[what].off));
                }}
              />
              <span>
                <strong>{t(LISTING[what].label)}</strong> <span class="muted">— {t(LISTING[what].what)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {changed && (
        <p class={changed.alert ? 'feedback alert' : 'feedback'} role={changed.alert ? 'alert' : 'status'}>
          {changed.text}
        </p>
      )}
    </section>
  );
}

function ShortcutsSection() {
  return (
    <section aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">{t('keyboardShortcuts')}</h2>
      <ShortcutList />
    </section>
  );
}

function AlertsSection() {
  useEffect(() => following.watch(), []);
  const load = following.load.value;
  return (
    <section aria-labelledby="alerts-title" class="alerts">
      <h2 id="alerts-title">{t('newPaperAlerts')}</h2>
      <p>{t('alertsIntro')}</p>
      {load.status === 'loading' && <p class="muted" role="status">{t('loading')}</p>}
      {load.status === 'error' && <FailureNotice failure={load.failure} what={t('alerts')} onRetry={() => void following.refresh()} />}
      {load.status === 'ready' && <AlertControls data={load.data} state={following} inTab />}
    </section>
  );
}

type Correction = ResponseMap['corrections-list']['corrections'][number];

/** The reader's corrections of who an author is: listed, and removable one by one. */
function CorrectionsSection() {
  const list = useSignal<Correction[] | null>(null);
  const failed = useSignal(false);
  const load = () =>
    ask({ type: 'corrections-list' }).then(
      (r) => {
        list.value = [...r.corrections].sort((a, b) => b.at - a.at);
        failed.value = false;
      },
      () => (failed.value = true),
    );
  useEffect(() => {
    void load();
    return onChange('identities', () => void load());
  }, []);
  const remove = (c: Correction) => void ask({ type: 'author-uncorrect', arxivId: c.arxivId, index: c.index }).then(load, () => (failed.value = true));
  const rows = list.value;
  return (
    <section aria-labelledby="corrections-title">
      <h2 id="corrections-title">{t('yourCorrections')}</h2>
      <p>
        {t('correctionsIntroBefore')}<i>{t('notThisPerson')}</i>{t('correctionsIntroAfter')}
      </p>
      {failed.value && <p class="muted" role="alert">{t('correctionsReadFailed')}</p>}
      {rows && rows.length === 0 && <p class="muted">{t('noneYet')}</p>}
      {rows && rows.length > 0 && (
        <ul class="corrections">
          {rows.map((c) => (
            <li key={`${c.arxivId}#${c.index}`} data-weft-correction={`${c.arxivId}#${c.index}`}>
              <span>
                {t('nameOn', c.name)} <a href={arxivAbsUrl(c.arxivId)} target="_blank" rel="noreferrer">arXiv:{c.arxivId}</a>
                {' → '}
                {c.openalexId ? <a href={openAlexUrl(c.openalexId)} target="_blank" rel="noreferrer">{c.openalexId}</a> : t('badgeNoProfile')}
                {c.coauthors ? t('alsoWithCoauthors') : ''}
              </span>{' '}
              <button type="button" class="action" data-weft-action="remove-correction" onClick={() => remove(c)}>
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 6 h, 1 day, 2 days, 4 weeks: a lifetime as people say it. */
function duration(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours < 24) return t('waitHours', formatInteger(hours));
  const days = Math.round(hours / 24);
  if (days >= 14 && days % 7 === 0) return t('weeks', formatInteger(days / 7));
  return formatCount(days, 'dayCount', 'daysCount');
}

const LIFETIMES = { short: 'short', normal: 'normal', long: 'long' } as const satisfies Record<CacheLifetime, MessageKey>;
const lifetimes = (l: CacheLifetime) => [duration(TTL.paper * CACHE_TTL_SCALE[l]), duration(TTL.author * CACHE_TTL_SCALE[l])] as const;

function CacheSection({ state }: { state: OptionsState }) {
  const stats = state.cache.value;
  const result = state.cleared.value;
  const clearing = state.clearing.value;
  const loaded = state.loaded.value;
  return (
    <section aria-labelledby="cache-title">
      <h2 id="cache-title">{t('cachedData')}</h2>
      <p>{t('cacheIntro')}</p>
      {stats.status === 'loading' && <p class="muted" role="status">{t('countingCache')}</p>}
      {stats.status === 'error' && <FailureNotice failure={stats.failure} what={t('cacheSize')} onRetry={() => void state.loadStats()} />}
      {stats.status === 'ready' && (
        <p data-weft-field="cache-stats" data-entries={stats.data.entries}>
          {stats.data.entries === 0 ? t('nothingCached') : t('cacheStats', formatCount(stats.data.entries, 'entryCount', 'entriesCount'), formatBytes(stats.data.bytes))}
        </p>
      )}
      <button type="button" class="action" data-weft-action="clear-cache" disabled={clearing} aria-busy={clearing} onClick={() => void state.clearCache()}>
        {t(clearing ? 'clearing' : 'clearCache')}
      </button>
      {result && (
        <p class={result.alert ? 'feedback alert' : 'feedback'} role={result.alert ? 'alert' : 'status'}>
          {result.text}
        </p>
      )}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>{t('howLongFresh')}</legend>
          {CACHE_LIFETIMES.map((l) => (
            <label key={l} class="check">
              <input
                type="radio"
                name="cache-lifetime"
                value={l}
                data-weft-lifetime={l}
                checked={loaded.data.settings.cacheLifetime === l}
                onChange={() => void state.setLifetime(l, t('lifetimeSummary', ...lifetimes(l)))}
              />
              <span>
                <strong>{t(LIFETIMES[l])}</strong> <span class="muted">— {t('lifetimeDetail', ...lifetimes(l))}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}

/** The options page: API keys, what arXiv pages show, alerts, the cache, and what leaves the browser. */
export function App() {
  useEffect(() => {
    void state.load();
    return state.watch();
  }, []);
  return (
    <main class="options">
      <h1>{t('weftSettings')}</h1>
      <p class="muted about">
        <span data-weft-field="version">{t('version', browser.runtime.getManifest().version)}</span> ·{' '}
        <a href={welcomePageUrl()} data-weft-link="welcome">{t('whatWeftShows')}</a>
      </p>
      <SyncNote />
      <HostAccessNotice />
      <KeysSection state={state} />
      <PagesSection state={state} />
      <ShortcutsSection />
      <AlertsSection />
      <CacheSection state={state} />
      <CorrectionsSection />
      <PrivacySection />
    </main>
  );
}
