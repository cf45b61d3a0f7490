import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { COMMANDS } from '@/lib/shared/commands';
import { COMMAND_NAMES, openShortcutSettings, readShortcuts, type Shortcuts } from '@/lib/extension-pages/shortcuts';
import './shortcut-list.css';

/**
 * Weft's keyboard shortcuts with the keys the browser has for them, and the way to change them:
 * on the settings and first-run pages.
 */
export function ShortcutList() {
  const shortcuts = useSignal<Shortcuts | null>(null);
  const failed = useSignal(false);
  useEffect(() => {
    Promise.resolve()
      .then(readShortcuts)
      .then(
        (s) => (shortcuts.value = s),
        () => (failed.value = true),
      );
  }, []);
  const keys = shortcuts.value;
  return (
    <div class="shortcut-list">
      {failed.value && <p class="muted">The browser did not say which keys are set.</p>}
      {keys && (
        <dl data-weft-field="shortcuts">
          {COMMAND_NAMES.map((name) => (
            <div key={name} data-weft-shortcut={name} data-key={keys[name] ?? ''}>
              <dt>{COMMANDS[name].description}</dt>
              <dd>{keys[name] ? <kbd>{keys[name]}</kbd> : <span class="muted">no key set</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        {import.meta.env.FIREFOX
          ? 'To change them in Firefox, open about:addons, choose the gear button at the top, then Manage Extension Shortcuts.'
          : 'Change them on the browser’s shortcut page (chrome://extensions/shortcuts).'}{' '}
        <button type="button" class="action" data-weft-action="shortcut-settings" onClick={() => void openShortcutSettings()}>
          Change shortcuts
        </button>
      </p>
    </div>
  );
}
