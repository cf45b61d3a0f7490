import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { FailureNotice } from '@/components/FailureNotice';
import { ask } from '@/lib/messaging/client';
import { MAX_KEY_LENGTH, SERVICE_NAMES, type KeyService } from '@/lib/settings/key-format';
import { formatBytes, formatInteger } from '@/lib/ui/format';
import { createOptionsState, type OptionsState } from './options-state';

const state = createOptionsState(ask);

const KEY_HELP: Record<KeyService, { text: string; href: string; where: string }> = {
  openalex: {
    text: 'Without a key, OpenAlex allows 1,000 credits a day per IP address, shared by everyone behind the same network. A free key gives Weft its own allowance.',
    href: 'https://openalex.org/settings/api',
    where: 'openalex.org',
  },
  s2: {
    text: 'Without a key, Semantic Scholar answers from one pool shared by all keyless users and often asks Weft to wait. A key gives Weft its own rate limit.',
    href: 'https://www.semanticscholar.org/product/api#api-key-form',
    where: 'semanticscholar.org',
  },
};

function KeyRow({ service, state }: { service: KeyService; state: OptionsState }) {
  const draft = useSignal('');
  const loaded = state.keys.value;
  const saved = loaded.status === 'ready' ? loaded.data[service] : null;
  const busy = state.busy.value[service];
  const { error, done } = state.feedback.value[service];
  const name = SERVICE_NAMES[service];
  const id = `key-${service}`;
  const help = KEY_HELP[service];
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    if (await state.saveKey(service, draft.value)) draft.value = '';
  };
  return (
    <div class="key-row" data-weft-key={service}>
      <h3>{name}</h3>
      <p class="muted help">
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
          <button type="button" class="action" data-weft-action="remove-key" disabled={busy} aria-label={`Remove the ${name} key`} onClick={() => void state.removeKey(service)}>
            Remove
          </button>
        </p>
      )}
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
            aria-describedby={error ? `${id}-error` : undefined}
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
  const loaded = state.keys.value;
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys (optional)</h2>
      <p>
        Weft works without keys. A key lifts the limits the catalogs set for anonymous use. Keys stay in this browser’s
        extension storage and are sent only to the catalog they belong to; after saving, Weft shows only their last four
        characters.
      </p>
      {loaded.status === 'loading' && <p class="muted" role="status">Loading saved keys…</p>}
      {loaded.status === 'error' && <FailureNotice failure={loaded.failure} what="Saved keys" onRetry={() => void state.loadKeys()} />}
      {loaded.status === 'ready' && (['openalex', 's2'] as const).map((s) => <KeyRow key={s} service={s} state={state} />)}
    </section>
  );
}

function CacheSection({ state }: { state: OptionsState }) {
  const stats = state.cache.value;
  const result = state.cleared.value;
  const clearing = state.clearing.value;
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
    </section>
  );
}

function PrivacySection() {
  return (
    <section aria-labelledby="privacy-title">
      <h2 id="privacy-title">Data sources &amp; privacy</h2>
      <p>
        Weft has no server and no analytics. Its numbers come from{' '}
        <a href="https://openalex.org" target="_blank" rel="noreferrer">OpenAlex</a> and{' '}
        <a href="https://www.semanticscholar.org" target="_blank" rel="noreferrer">Semantic Scholar</a>, and every number says
        which of them it comes from and how old it is. Weft sends requests only to <code>api.openalex.org</code> and{' '}
        <code>api.semanticscholar.org</code>, containing the arXiv id of the abstract page you open, the OpenAlex ids of its
        authors, what you type in the popup search, the OpenAlex ids of researchers you follow — and your API key, if you
        saved one, to its own catalog. Those services see your IP address, as any website does. Nothing is read from pages
        other than <code>arxiv.org/abs/…</code>. Followed researchers and settings stay in your browser’s extension storage.
      </p>
    </section>
  );
}

/** The options page: optional API keys, the cache, and what leaves the browser. */
export function App() {
  useEffect(() => void state.load(), []);
  return (
    <main class="options">
      <h1>Weft settings</h1>
      <KeysSection state={state} />
      <CacheSection state={state} />
      <PrivacySection />
    </main>
  );
}
