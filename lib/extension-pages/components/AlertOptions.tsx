import { useRef } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { followFile, MAX_FILE_CHARS } from '@/lib/shared/follows/file';
import { ask } from '@/lib/ui/client';
import type { FollowingState } from '@/lib/extension-pages/following-state';
import type { FollowsState, ImportResult } from '@/lib/background/protocol';
import { MAX_CORRECTIONS } from '@/lib/shared/limits';
import { formatCount, formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';
import { importProblemText } from '@/lib/extension-pages/import-problem';
import { SameDayOptions } from './SameDayOptions';
import './alert-options.css';

/** How often Weft may check: from 30 minutes (the scheduler's floor) to once a day. */
const INTERVALS = { 30: 'every30Minutes', 60: 'everyHour', 180: 'every3Hours', 360: 'every6Hours', 720: 'every12Hours', 1440: 'onceADay' } as const satisfies Record<number, MessageKey>;
const intervalLabel = (minutes: number) => (minutes in INTERVALS ? t(INTERVALS[minutes as keyof typeof INTERVALS]) : t('everyNMinutes', formatInteger(minutes)));

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
  const intervals = [...new Set([...Object.keys(INTERVALS).map(Number), settings.intervalMinutes])].sort((a, b) => a - b);
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
    note.value = t('notificationsRefused');
  }

  async function importFrom(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_CHARS) {
      note.value = t('fileTooLarge');
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
        <span>{t('checkForNewPapers')}</span>
        <select
          value={String(settings.intervalMinutes)}
          onChange={(e) => void state.setCheckInterval(Number(e.currentTarget.value))}
        >
          {intervals.map((m) => (
            <option key={m} value={String(m)}>{intervalLabel(m)}</option>
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
        <span>{t('desktopNotification')}</span>
      </label>
      {blocked && (
        <p id="notifications-blocked" class="muted">
          {t('notificationsBlocked')}
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
          {t('exportList')}
        </button>
        <button type="button" class="action" data-weft-action="import" onClick={chooseFile}>
          {t('importList')}
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
      {!inTab && <p class="muted">{t('importInTab')}</p>}
      <p role="status" class={result && !result.ok ? 'import-result error' : 'import-result'}>
        {note.value ??
          (result &&
            (result.ok
              ? importSummary(result)
              : importProblemText(result.problem)))}
      </p>
    </div>
  );
}

/** What an import did, in words: what came in, and what was left out to keep the reader's own. */
export function importSummary(result: Extract<ImportResult, { ok: true }>): string {
  const { added, keptYours, overLimit, failed } = result.corrections;
  const parts = [
    t('imported', formatCount(result.added, 'researcherCount', 'researchersCount')),
    result.alreadyFollowed ? t('alreadyFollowed', formatInteger(result.alreadyFollowed)) : '',
    added ? formatCount(added, 'correctionCount', 'correctionsCount') : '',
    keptYours ? t('correctionsKeptYours', formatCount(keptYours, 'correctionCount', 'correctionsCount')) : '',
    overLimit ? t('correctionsOverLimit', formatCount(overLimit, 'correctionCount', 'correctionsCount'), formatInteger(MAX_CORRECTIONS)) : '',
    failed ? t('correctionsNotStored') : '',
    result.topics ? formatCount(result.topics, 'topicCount', 'topicsCount') : '',
  ];
  return t('sentence', parts.filter(Boolean).join('; '));
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
      <summary>{t('alertsAndBackup')}</summary>
      <AlertControls {...props} />
    </details>
  );
}
