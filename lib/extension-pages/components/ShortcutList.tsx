import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { COMMANDS } from '@/lib/shared/commands';
import { COMMAND_NAMES, openShortcutSettings, readShortcuts, type Shortcuts } from '@/lib/extension-pages/shortcuts';
import './shortcut-list.css';
import { t } from '@/lib/shared/i18n';

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
      {failed.value && <p class="muted">{t('shortcutsUnknown')}</p>}
      {keys && (
        <dl data-weft-field="shortcuts">
          {COMMAND_NAMES.map((name) => (
            <div key={name} data-weft-shortcut={name} data-key={keys[name] ?? ''}>
              <dt>{t(COMMANDS[name].description)}</dt>
              <dd>{keys[name] ? <kbd>{keys[name]}</kbd> : <span class="muted">{t('noKeySet')}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        {t(import.meta.env.FIREFOX ? 'shortcutsFirefox' : 'shortcutsChrome')}{' '}
        <button type="button" class="action" data-weft-action="shortcut-settings" onClick={() => void openShortcutSettings()}>
          {t('changeShortcuts')}
        </button>
      </p>
    </div>
  );
}
