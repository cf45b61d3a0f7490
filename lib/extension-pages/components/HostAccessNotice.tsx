import { useSignal, type Signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { hostNames, missingOrigins, requestOrigins } from '@/lib/extension-pages/host-access';
import './notice.css';
import { t } from '@/lib/shared/i18n';

interface HostAccess {
  /** The catalog origins Weft may not reach now; null until the browser has said. */
  missing: Signal<string[] | null>;
  /** The browser turned the last request down. */
  refused: Signal<boolean>;
  /** Asks for the missing origins; call it straight from a click. */
  grant: () => Promise<void>;
}

/** Which catalog hosts the browser lets Weft reach, kept current, and a way to ask for the rest. */
export function useHostAccess(): HostAccess {
  const missing = useSignal<string[] | null>(null);
  const refused = useSignal(false);

  useEffect(() => {
    const check = () => void missingOrigins(browser.permissions).then((m) => (missing.value = m));
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, []);

  const grant = async () => {
    // Straight from the click: the browser shows its prompt only for a user gesture.
    refused.value = !(await requestOrigins(browser.permissions, missing.value ?? []));
    missing.value = await missingOrigins(browser.permissions);
  };
  return { missing, refused, grant };
}

/**
 * Shown when the browser no longer lets Weft reach a catalog (Firefox lets the reader revoke
 * host access): says which host, and offers to ask for it again. Nothing at all otherwise.
 */
export function HostAccessNotice() {
  const { missing, refused, grant } = useHostAccess();
  const hosts = missing.value;
  if (!hosts?.length) return null;
  return (
    <div class="notice error" role="alert" data-weft-notice="host-access">
      <p class="notice-title">{t('mayNotReach', hostNames(hosts))}</p>
      <p class="notice-detail">
        {t(hosts.length > 1 ? 'hostsOffMany' : 'hostsOffOne')}
        {refused.value && t('hostsRefused')}
      </p>
      <button type="button" class="action" data-weft-action="grant-hosts" onClick={() => void grant()}>
        {t('allowAgain')}
      </button>
    </div>
  );
}
