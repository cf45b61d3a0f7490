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
import { openAlexUrl } from '@/lib/catalog/links';
import type { ResponseMap } from '@/lib/background/protocol';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { MAX_KEY_LENGTH, type KeyService } from '@/lib/shared/settings/key-format';
import { CACHE_LIFETIMES, CACHE_TTL_SCALE, LISTING_CHOICES, PAGE_ADDITIONS, type CacheLifetime, type ListingChoice, type PageAddition } from '@/lib/shared/settings/settings';
import { describeBudget } from '@/lib/extension-pages/budget';
import { formatBytes, formatInteger, lazily } from '@/lib/ui/format';
import { createOptionsState, type OptionsState } from '../../lib/extension-pages/options-state';
import { PrivacySection, SyncNote } from './PrivacySection';

const state = createOptionsState(ask);
const following = createFollowingState(ask);

const KEY_HELP: Record<KeyService, { text: string; href: string; where: string }> = {
  openalex: {
    text: 'Without a key, OpenAlex allows 1,000 credits a day per IP address, shared by everyone behind the same network (a campus, an office). A free key gives Weft an allowance of its own, ten times larger.',
    href: 'https://openalex.org/settings/api',
    where: 'openalex.org',
  },
  s2: {
    text: 'Without a key, Semantic Scholar answers from one pool shared by all keyless users and often asks Weft to wait. A key gives Weft its own rate limit.',
    href: 'https://www.semanticscholar.org/product/api#api-key-form',
    where: 'semanticscholar.org',
  },
};

const when = lazily(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/** Ids of the texts that describe a key's input, for aria-describedby. */
const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function KeyTestResult({ service, state }: { service: KeyService; state: OptionsState }) {
  const test = state.tests.value[service];
  const name = SOURCE_NAMES[service];
  if (test.status === 'idle') return null;
  if (test.status === 'testing') return <p class="feedback" role="status">Asking {name}…</p>;
  if (test.status === 'failed') return <p class="feedback alert" role="alert">{test.message}</p>;
  if (!test.result.valid) {
    return (
      <p class="feedback alert" role="alert" data-weft-field="key-test" data-valid="false">
        {name} says this key is invalid. Check that you copied all of it, or remove it.
      </p>
    );
  }
  const budget = test.result.budget;
  if (!budget) {
    return (
      <p class="feedback" role="status" data-weft-field="key-test" data-valid="true">
        {name} accepted the key.
      </p>
    );
  }
  const text = describeBudget(budget);
  return (
    <div class="budget" role="status" data-weft-field="key-test" data-valid="true" data-remaining={budget.remaining}>
      <p class="feedback">
        {name} accepted the key: {text.used}, {text.left}; {text.reset}.
      </p>
      <meter min={0} max={1} value={text.share} aria-label={`Share of today’s ${name} allowance used`} />
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
  const help = KEY_HELP[service];
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    if (await state.saveKey(service, draft.value)) draft.value = '';
  };
  return (
    <div class="key-row" data-weft-key={service}>
      <h3>{name}</h3>
      <p id={`${id}-help`} class="muted help">
        {help.text} Get one free at{' '}
        <a href={help.href} target="_blank" rel="noreferrer">
          {help.where}
        </a>
        .
      </p>
      {saved && (
        <p class="saved">
          <span>
            Saved key: <code data-weft-field="masked-key" aria-label={`${name} key ending in ${saved.slice(-4)}`}>{saved}</code>
          </span>
          <button type="button" class="action" data-weft-action="test-key" disabled={busy || testing} aria-busy={testing} onClick={() => void state.testKey(service)}>
            {testing ? 'Testing…' : 'Test'}
          </button>
          <button type="button" class="action" data-weft-action="remove-key" disabled={busy} aria-label={`Remove the ${name} key`} onClick={() => void state.removeKey(service)}>
            Remove
          </button>
        </p>
      )}
      {saved && refusedAt !== null && (
        <p id={`${id}-refused`} class="feedback alert" role="alert" data-weft-field="key-refused">
          {name} refused this key ({when().format(refusedAt)}). Weft keeps sending it, so {name}’s numbers stay unavailable until
          you replace or remove it.
        </p>
      )}
      <KeyTestResult service={service} state={state} />
      <form class="key-form" onSubmit={onSubmit}>
        <label for={id}>{saved ? `Replace with a new ${name} key` : `${name} API key`}</label>
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
            {busy ? 'Saving…' : 'Save'}
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
      <h2 id="keys-title">API keys (optional)</h2>
      <p>
        Weft works without keys. A key lifts the limits the catalogs set for anonymous use. Keys stay in this browser’s
        extension storage (not synced) and are sent only to the catalog they belong to; after saving, Weft shows only their
        last four characters. “Test” asks the catalog whether it takes the saved key.
      </p>
      {loaded.status === 'loading' && <p class="muted" role="status">Loading saved keys…</p>}
      {loaded.status === 'error' && <FailureNotice failure={loaded.failure} what="Saved keys" onRetry={() => void state.loadSettings()} />}
      {loaded.status === 'ready' && loaded.data.keysUntilRestart && (
        <p class="notice" role="note" data-weft-field="keys-until-restart">
          This browser gives extensions no database of their own (Firefox set to “Never remember history”), so Weft keeps
          keys only until the browser closes, never where arXiv pages could read them: enter them again after a restart.
        </p>
      )}
      {loaded.status === 'ready' && (['openalex', 's2'] as const).map((s) => <KeyRow key={s} service={s} state={state} />)}
    </section>
  );
}

const ADDITIONS: Record<PageAddition, { label: string; what: string }> = {
  badges: { label: 'Author badges', what: 'the h-index after each author’s name, with their card on hover or focus' },
  paper: { label: 'Paper panel', what: 'the citation count and the paper in both catalogs' },
  institutions: { label: 'Institutions panel', what: 'the institutions of the paper’s authors' },
  related: { label: 'Related papers panel', what: 'recommended papers' },
};

const LISTING: Record<ListingChoice, { label: string; what: string; on: string; off: string }> = {
  badges: {
    label: 'Author badges',
    what: 'on /list, /catchup and search results, loaded as you scroll: about one request per 100 papers and per 100 authors',
    on: 'Author badges shown on listing and search pages, open ones included.',
    off: 'Author badges hidden on listing and search pages, open ones included.',
  },
  onlyFollowed: {
    label: 'Only mark followed researchers',
    what: 'a quieter listing: badges only after the names of researchers you follow',
    on: 'Listings now mark only the researchers you follow.',
    off: 'Listings now show every author’s badge.',
  },
};

function PagesSection({ state }: { state: OptionsState }) {
  const loaded = state.loaded.value;
  const changed = state.changed.value;
  return (
    <section aria-labelledby="pages-title">
      <h2 id="pages-title">On arXiv pages</h2>
      {loaded.status === 'loading' && <p class="muted" role="status">Loading settings…</p>}
      {loaded.status === 'error' && <FailureNotice failure={loaded.failure} what="Settings" onRetry={() => void state.loadSettings()} />}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>Show on abstract pages (changes apply to open tabs at once)</legend>
          {PAGE_ADDITIONS.map((what) => (
            <label key={what} class="check">
              <input
                type="checkbox"
                data-weft-show={what}
                checked={loaded.data.settings.show[what]}
                onChange={(e) => void state.setShown(what, e.currentTarget.checked, ADDITIONS[what].label)}
              />
              <span>
                <strong>{ADDITIONS[what].label}</strong> <span class="muted">— {ADDITIONS[what].what}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>On listing and search pages</legend>
          {LISTING_CHOICES.map((what) => (
            <label key={what} class="check">
              <input
                type="checkbox"
                data-weft-listing={what}
                checked={loaded.data.settings.listings[what]}
                disabled={what === 'onlyFollowed' && !loaded.data.settings.listings.badges}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  void state.setListing(what, on, on ? LISTING[what].on : LISTING[what].off);
                }}
              />
              <span>
                <strong>{LISTING[what].label}</strong> <span class="muted">— {LISTING[what].what}</span>
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
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <ShortcutList />
    </section>
  );
}

function AlertsSection() {
  useEffect(() => following.watch(), []);
  const load = following.load.value;
  return (
    <section aria-labelledby="alerts-title" class="alerts">
      <h2 id="alerts-title">New-paper alerts</h2>
      <p>
        Weft checks OpenAlex for new papers by the researchers you follow (one list call per 100 researchers per check) and
        lists them in the toolbar popup.
      </p>
      {load.status === 'loading' && <p class="muted" role="status">Loading…</p>}
      {load.status === 'error' && <FailureNotice failure={load.failure} what="Alerts" onRetry={() => void following.refresh()} />}
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
      <h2 id="corrections-title">Your corrections</h2>
      <p>
        Profiles you chose with <i>Not this person?</i> on an author’s card. They stay on this machine, are kept when the
        cache is cleared, and travel in the export file of the followed list.
      </p>
      {failed.value && <p class="muted" role="alert">Could not read the corrections. Try reloading this page.</p>}
      {rows && rows.length === 0 && <p class="muted">None yet.</p>}
      {rows && rows.length > 0 && (
        <ul class="corrections">
          {rows.map((c) => (
            <li key={`${c.arxivId}#${c.index}`} data-weft-correction={`${c.arxivId}#${c.index}`}>
              <span>
                {c.name} on <a href={arxivAbsUrl(c.arxivId)} target="_blank" rel="noreferrer">arXiv:{c.arxivId}</a>
                {' → '}
                {c.openalexId ? <a href={openAlexUrl(c.openalexId)} target="_blank" rel="noreferrer">{c.openalexId}</a> : 'no profile'}
                {c.coauthors ? ' (also on papers with these co-authors)' : ''}
              </span>{' '}
              <button type="button" class="action" data-weft-action="remove-correction" onClick={() => remove(c)}>
                Remove
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
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days >= 14 && days % 7 === 0) return `${days / 7} weeks`;
  return days === 1 ? '1 day' : `${days} days`;
}

const LIFETIMES: Record<CacheLifetime, string> = { short: 'Short', normal: 'Normal', long: 'Long' };
const lifetimeDetail = (l: CacheLifetime) =>
  `papers ${duration(TTL.paper * CACHE_TTL_SCALE[l])}, author numbers ${duration(TTL.author * CACHE_TTL_SCALE[l])}`;

function CacheSection({ state }: { state: OptionsState }) {
  const stats = state.cache.value;
  const result = state.cleared.value;
  const clearing = state.clearing.value;
  const loaded = state.loaded.value;
  return (
    <section aria-labelledby="cache-title">
      <h2 id="cache-title">Cached data</h2>
      <p>
        Weft keeps the catalogs’ answers on this computer so pages open fast and the free allowances last. Clearing removes
        them; followed researchers, new-paper alerts and settings (including API keys) are kept.
      </p>
      {stats.status === 'loading' && <p class="muted" role="status">Counting cached data…</p>}
      {stats.status === 'error' && <FailureNotice failure={stats.failure} what="Cache size" onRetry={() => void state.loadStats()} />}
      {stats.status === 'ready' && (
        <p data-weft-field="cache-stats" data-entries={stats.data.entries}>
          {stats.data.entries === 0
            ? 'Nothing cached.'
            : `${formatInteger(stats.data.entries)} ${stats.data.entries === 1 ? 'entry' : 'entries'}, about ${formatBytes(stats.data.bytes)}.`}
        </p>
      )}
      <button type="button" class="action" data-weft-action="clear-cache" disabled={clearing} aria-busy={clearing} onClick={() => void state.clearCache()}>
        {clearing ? 'Clearing…' : 'Clear cached data'}
      </button>
      {result && (
        <p class={result.alert ? 'feedback alert' : 'feedback'} role={result.alert ? 'alert' : 'status'}>
          {result.text}
        </p>
      )}
      {loaded.status === 'ready' && (
        <fieldset>
          <legend>How long answers count as fresh (older ones are shown at once and refreshed)</legend>
          {CACHE_LIFETIMES.map((l) => (
            <label key={l} class="check">
              <input
                type="radio"
                name="cache-lifetime"
                value={l}
                data-weft-lifetime={l}
                checked={loaded.data.settings.cacheLifetime === l}
                onChange={() => void state.setLifetime(l, lifetimeDetail(l).replace(/^papers /, ''))}
              />
              <span>
                <strong>{LIFETIMES[l]}</strong> <span class="muted">— {lifetimeDetail(l)}</span>
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
      <h1>Weft settings</h1>
      <p class="muted about">
        <span data-weft-field="version">Version {browser.runtime.getManifest().version}</span> ·{' '}
        <a href={welcomePageUrl()} data-weft-link="welcome">What Weft shows and where</a>
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
