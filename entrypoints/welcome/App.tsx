import { browser } from 'wxt/browser';
import { useHostAccess } from '@/lib/extension-pages/components/HostAccessNotice';
import { ShortcutList } from '@/lib/extension-pages/components/ShortcutList';
import { hostNames } from '@/lib/extension-pages/host-access';
import { API_ORIGINS } from '@/lib/catalog/hosts';
import { DEFAULT_INTERVAL_MINUTES } from '@/lib/shared/follows/model';
import { Marked } from '@/lib/extension-pages/components/Marked';
import { formatInteger } from '@/lib/ui/format';
import { t, type MessageKey } from '@/lib/shared/i18n';

const openSettings = () => void browser.runtime.openOptionsPage();

/** Where Weft shows itself: each place's name and what it shows there (with `code` marks). */
const PLACES = [
  ['placeAbs', 'placeAbsWhat'],
  ['placeListings', 'placeListingsWhat'],
  ['placeHtml', 'placeHtmlWhat'],
  ['placePopup', 'placePopupWhat'],
  ['placeResearcher', 'placeResearcherWhat'],
] as const satisfies [MessageKey, MessageKey][];

/**
 * Access to the two catalogs: Chromium grants it at install; Firefox may not, or the reader may
 * have turned it off. Without it Weft shows no numbers, so this is the one step that can matter.
 */
function HostAccessStep() {
  const { missing, refused, grant } = useHostAccess();
  const hosts = missing.value;
  if (hosts === null) return null;
  if (!hosts.length) {
    return (
      <div class="step" data-weft-field="host-access" data-granted="true">
        <p>
          {t('mayReach', hostNames(API_ORIGINS))}
        </p>
      </div>
    );
  }
  return (
    <div class="step missing" data-weft-field="host-access" data-granted="false">
      <p>
        <strong>{t('oneStepLeft')}</strong> {t('notReachedYet', hostNames(hosts))}
      </p>
      {refused.value && <p role="alert">{t('accessRefused')}</p>}
      <button type="button" class="action primary" data-weft-action="grant-hosts" onClick={() => void grant()}>
        {t('allowCatalogs')}
      </button>
    </div>
  );
}

/** The first-run page: what Weft shows and where, the one step some browsers need, and what is optional. */
export function App() {
  return (
    <main class="welcome">
      <header>
        <img src="/icon/48.png" width={48} height={48} alt="" />
        <h1>{t('welcome')}</h1>
      </header>
      <p class="lead">{t('welcomeLead')}</p>

      <section aria-labelledby="access-title">
        <h2 id="access-title">{t('accessTitle')}</h2>
        <HostAccessStep />
      </section>

      <section aria-labelledby="where-title">
        <h2 id="where-title">{t('whereTitle')}</h2>
        <ul class="places">
          {PLACES.map(([place, what]) => (
            <li key={place}>
              <strong>{t(place)}</strong> <Marked text={t(what)} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">{t('keyboardShortcuts')}</h2>
        <p>{t('shortcutsIntro')}</p>
        <ShortcutList />
      </section>

      <section aria-labelledby="keys-title">
        <h2 id="keys-title">{t('keysTitle')}</h2>
        <p>{t('welcomeKeys')}</p>
      </section>

      <section aria-labelledby="alerts-title">
        <h2 id="alerts-title">{t('newPaperAlerts')}</h2>
        <p>{t('welcomeAlerts', formatInteger(DEFAULT_INTERVAL_MINUTES / 60))}</p>
      </section>

      <div class="next">
        <button type="button" class="action primary" data-weft-action="open-settings" onClick={openSettings}>
          {t('openSettings')}
        </button>
        <span class="muted">{t('staysReachable')}</span>
      </div>
    </main>
  );
}
