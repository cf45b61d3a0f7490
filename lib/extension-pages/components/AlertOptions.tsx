import { useRef } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { followFile, MAX_FILE_CHARS } from '@/lib/shared/follows/file';
import { ask } from '@/lib/ui/client';
import type { FollowingState } from '@/lib/extension-pages/following-state';
import type { FollowsState, ImportResult } from '@/lib/background/protocol';
import { MAX_CORRECTIONS } from '@/lib/shared/limits';
import { formatInteger } from '@/lib/ui/format';
import { SameDayOptions } from './SameDayOptions';
import './alert-options.css';

/** How often Weft may check: from 30 minutes (the scheduler's floor) to once a day. */
const INTERVALS: [minutes: number, label: string][] = [
  [30, 'every 30 minutes'],
  [60, 'every hour'],
  [180, 'every 3 hours'],
  [360, 'every 6 hours'],
  [720, 'every 12 hours'],
  [1440, 'once a day'],
];

/** The hash that opens this section in a tab (a file chooser closes the toolbar popup). */
export const IMPORT_HASH = '#import-follows';

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface Props {
  data: FollowsState;
  state: FollowingState;
  /** The popup page is open in a tab (not the toolbar bubble). */
  inTab: boolean;
}

/**
 * Check interval, desktop notifications, export and import of the follow list: in the popup's
 * Following tab (`AlertOptions`) and on the options page (`AlertControls` in its own section).
 */
export function AlertControls({ data, state, inTab }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  const note = useSignal<string | null>(null);
  const { settings, notificationsAllowed } = data;
  const intervals = INTERVALS.some(([m]) => m === settings.intervalMinutes)
    ? INTERVALS
    : [...INTERVALS, [settings.intervalMinutes, `every ${settings.intervalMinutes} minutes`] as [number, string]].sort((a, b) => a[0] - b[0]);
  const notifying = settings.notify && notificationsAllowed;
  const result = state.importResult.value;

  async function toggleNotifications(on: boolean) {
    note.value = null;
    if (!on) return state.setNotify(false);
    // Asked first thing in the click: browsers only show the permission prompt for a user
    // gesture. The setting is stored meanwhile, as a popup may close while the prompt shows.
    const asking = browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);
    await state.setNotify(true);
    if (await asking) return;
    await state.setNotify(false);
    note.value = 'Notifications were not allowed; new papers still show here and on Weft’s icon.';
  }

  async function importFrom(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_CHARS) {
      note.value = 'This file is too large to be a Weft follow list.';
      return;
    }
    await state.importText(await file.text());
  }

  function chooseFile() {
    if (inTab) fileInput.current?.click();
    else {
      void browser.tabs.create({ url: browser.runtime.getURL(`/popup.html${IMPORT_HASH}`) });
      window.close();
    }
  }

  const blocked = settings.notify && !notificationsAllowed;
  return (
    <div class="alert-controls">
      <label class="option">
        <span>Check for new papers</span>
        <select
          value={String(settings.intervalMinutes)}
          onChange={(e) => void state.setCheckInterval(Number(e.currentTarget.value))}
        >
          {intervals.map(([m, label]) => (
            <option key={m} value={String(m)}>{label}</option>
          ))}
        </select>
      </label>
      <label class="option">
        <input
          type="checkbox"
          data-weft-action="notifications"
          checked={notifying}
          aria-describedby={blocked ? 'notifications-blocked' : undefined}
          onChange={(e) => void toggleNotifications(e.currentTarget.checked)}
        />
        <span>Desktop notification when a check finds new papers</span>
      </label>
      {blocked && (
        <p id="notifications-blocked" class="muted">
          Notifications are switched on but the browser no longer allows them; tick the box to allow them again.
        </p>
      )}
      <SameDayOptions data={data} state={state} />
      <div class="option buttons">
        <button
          type="button"
          class="action"
          data-weft-action="export"
          disabled={!data.follows.length && !data.sameDay.topics.length}
          onClick={() => void exportAll(data.follows, data.sameDay.topics)}
        >
          Export list
        </button>
        <button type="button" class="action" data-weft-action="import" onClick={chooseFile}>
          Import list…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-weft-field="import-file"
          onChange={(e) => void importFrom(e.currentTarget)}
        />
      </div>
      {!inTab && <p class="muted">Import opens Weft in a tab, where a file can be chosen.</p>}
      <p role="status" class={result && !result.ok ? 'import-result error' : 'import-result'}>
        {note.value ??
          (result &&
            (result.ok
              ? importSummary(result)
              : result.message))}
      </p>
    </div>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What an import did, in words: what came in, and what was left out to keep the reader's own. */
function importSummary(result: Extract<ImportResult, { ok: true }>): string {
  const { added, keptYours, overLimit, failed } = result.corrections;
  const parts = [
    `Imported ${plural(result.added, 'researcher')}`,
    result.alreadyFollowed ? `${result.alreadyFollowed} already followed` : '',
    added ? plural(added, 'correction') : '',
    keptYours ? `${plural(keptYours, 'correction')} left out: you corrected the same authors differently here, and yours are kept` : '',
    overLimit ? `${plural(overLimit, 'correction')} left out: Weft keeps at most ${formatInteger(MAX_CORRECTIONS)}, yours first` : '',
    failed ? 'the corrections in the file could not be stored (is the disk full?): import the file again to add them' : '',
    result.topics ? plural(result.topics, 'topic') : '',
  ];
  return `${parts.filter(Boolean).join('; ')}.`;
}

/** The export file: the followed researchers, the reader's corrections and followed topics. */
async function exportAll(follows: Parameters<typeof followFile>[0], topics: Parameters<typeof followFile>[3]): Promise<void> {
  const { corrections } = await ask({ type: 'corrections-list' }).catch(() => ({ corrections: [] }));
  download(followFile(follows, corrections, Date.now(), topics), `weft-follows-${new Date().toISOString().slice(0, 10)}.json`);
}

/** The popup's collapsible "Alerts and backup" (opened by the import hash). */
export function AlertOptions(props: Props) {
  return (
    <details class="alert-options" open={location.hash === IMPORT_HASH}>
      <summary>Alerts and backup</summary>
      <AlertControls {...props} />
    </details>
  );
}
