import { browser } from 'wxt/browser';
import { useHostAccess } from '@/lib/extension-pages/components/HostAccessNotice';
import { ShortcutList } from '@/lib/extension-pages/components/ShortcutList';
import { hostNames } from '@/lib/extension-pages/host-access';
import { API_ORIGINS } from '@/lib/catalog/hosts';
import { DEFAULT_INTERVAL_MINUTES } from '@/lib/shared/follows/model';

const openSettings = () => void browser.runtime.openOptionsPage();

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
          Weft may reach {hostNames(API_ORIGINS)}, the two catalogs its numbers come from. Nothing else leaves the
          browser.
        </p>
      </div>
    );
  }
  return (
    <div class="step missing" data-weft-field="host-access" data-granted="false">
      <p>
        <strong>One step left:</strong> the browser has not let Weft reach {hostNames(hosts)} yet. Without it Weft cannot
        load any numbers. Weft asks these catalogs about the papers and researchers you look at, and nothing else.
      </p>
      {refused.value && <p role="alert">The browser did not grant access; you can also allow it in the add-on’s permissions.</p>}
      <button type="button" class="action primary" data-weft-action="grant-hosts" onClick={() => void grant()}>
        Allow access to the catalogs
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
        <h1>Welcome to Weft</h1>
      </header>
      <p class="lead">
        Weft shows who the authors of arXiv papers are — h-index, citations, works, institutions — from the public catalogs
        OpenAlex and Semantic Scholar. No account, and no server of ours: everything is fetched by the extension and kept
        on this computer.
      </p>

      <section aria-labelledby="access-title">
        <h2 id="access-title">Access to the catalogs</h2>
        <HostAccessStep />
      </section>

      <section aria-labelledby="where-title">
        <h2 id="where-title">Where you will see it</h2>
        <ul class="places">
          <li>
            <strong>Abstract pages</strong> (<code>arxiv.org/abs/…</code>): a badge after each author’s name with their
            h-index (<code>h 18</code>); hover, focus or click it for the author’s card. Beside the abstract: the
            paper’s citations, its institutions and related papers.
          </li>
          <li>
            <strong>Listings and search results</strong> (<code>arxiv.org/list/…</code>, <code>/catchup/…</code>,{' '}
            <code>arxiv.org/search/…</code>): the same badge after every author, loaded as you scroll.
          </li>
          <li>
            <strong>The HTML view</strong> (<code>arxiv.org/html/…</code>): badges in the author list, the panels beside
            the text.
          </li>
          <li>
            <strong>The toolbar popup</strong> (Weft’s icon): search researchers and papers; the researchers you follow
            and their new papers.
          </li>
          <li>
            <strong>The researcher page</strong> (<i>Open profile</i> on a card or in the popup): figures, yearly
            charts, co-authors and works.
          </li>
        </ul>
      </section>

      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <p>
          One key opens Weft’s search from any tab; another hides everything Weft adds to the arXiv page you are reading,
          and brings it back (in that tab, until you close it).
        </p>
        <ShortcutList />
      </section>

      <section aria-labelledby="keys-title">
        <h2 id="keys-title">API keys (optional)</h2>
        <p>
          Weft works without keys. Without one, each catalog has one allowance for everyone on your network (a campus, an
          office), which can run out on a busy day; a free key of your own lifts that limit. Keys stay in this browser
          and go only to the catalog they belong to. Add them in the settings.
        </p>
      </section>

      <section aria-labelledby="alerts-title">
        <h2 id="alerts-title">New-paper alerts</h2>
        <p>
          Follow a researcher from their card or from the popup, and Weft checks OpenAlex for their new papers (every{' '}
          {DEFAULT_INTERVAL_MINUTES / 60} hours unless you choose otherwise). New papers are counted on Weft’s icon and listed in the popup. Desktop
          notifications stay off until you turn them on in the settings; the browser then asks you to allow them.
        </p>
      </section>

      <div class="next">
        <button type="button" class="action primary" data-weft-action="open-settings" onClick={openSettings}>
          Open the settings
        </button>
        <span class="muted">This page stays reachable from the settings.</span>
      </div>
    </main>
  );
}
