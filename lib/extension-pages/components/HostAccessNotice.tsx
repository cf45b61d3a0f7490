import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { hostNames, missingOrigins, requestOrigins } from '@/lib/extension-pages/host-access';
import './notice.css';

/**
 * Shown when the browser no longer lets Weft reach a catalog (Firefox lets the reader revoke
 * host access): says which host, and offers to ask for it again. Nothing at all otherwise.
 */
export function HostAccessNotice() {
  const missing = useSignal<string[]>([]);
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

  if (!missing.value.length) return null;
  const grant = async () => {
    // Straight from the click: the browser shows its prompt only for a user gesture.
    refused.value = !(await requestOrigins(browser.permissions, missing.value));
    missing.value = await missingOrigins(browser.permissions);
  };
  return (
    <div class="notice error" role="alert" data-weft-notice="host-access">
      <p class="notice-title">Weft may not reach {hostNames(missing.value)}</p>
      <p class="notice-detail">
        The browser’s permission for {missing.value.length > 1 ? 'these catalogs' : 'this catalog'} was turned off, so Weft
        cannot load numbers from {missing.value.length > 1 ? 'them' : 'it'}.
        {refused.value && ' The browser did not grant it; you can also allow it in the add-on’s permissions.'}
      </p>
      <button type="button" class="action" data-weft-action="grant-hosts" onClick={() => void grant()}>
        Allow access again
      </button>
    </div>
  );
}
