import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
// Hosts Weft talks to. Everything else is out of reach by design (see docs/security.md "Security and
// privacy"); scripts/expected-manifest.json holds the list the build check enforces.
import { API_ORIGINS } from './lib/catalog/hosts';
// arXiv's announcements for same-day alerts (docs/same-day-alerts.md): arxiv.org, the site the
// content scripts already run on (no new install warning), and its RSS host only when asked for.
import { ARXIV_HOST_PERMISSION, RSS_HOST_PERMISSION } from './lib/arxiv/urls';
// The keyboard shortcuts: opening the popup, showing or hiding Weft on the current tab.
import { manifestCommands } from './lib/shared/commands';
import { FIREFOX_DATA_COLLECTION } from './lib/shared/privacy';
// The icon sizes the build check requires; scripts/make-icons.mjs renders each into
// public/icon/<size>.png, which WXT lists as the manifest's `icons`.
import { icon_sizes as ICON_SIZES } from './scripts/expected-manifest.json';

/**
 * The shadow roots' CSS (components/*styles.ts) is written readably; in the build its comments
 * and runs of whitespace go (each content script must stay ≤ 30 kB gzipped).
 */
const compactShadowCss = {
  name: 'weft-compact-shadow-css',
  transform(code: string, id: string) {
    if (!/components\/[\w-]*styles\.ts$/.test(id)) return null;
    return code.replace(/`[^`]*`/g, (css) =>
      css
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{};,>])\s*/g, '$1')
        // No selector has a colon before a space; declarations need none after theirs.
        .replace(/: /g, ':')
        .replace(/;}/g, '}'),
    );
  },
};

/**
 * JSX as `h(type, props, ...children)` calls: about 230 B smaller content scripts (gzipped) than
 * the automatic runtime's `jsx(type, {...props, children})`. The factory's import is added to
 * every JSX file under a name no code declares, so a local `h` cannot shadow it. Tests use the
 * same transform (vitest.config.ts).
 */
export const JSX_TRANSFORM = {
  jsx: 'transform',
  jsxFactory: 'weftJsx',
  jsxFragment: 'WeftFragment',
  jsxInject: "import { h as weftJsx, Fragment as WeftFragment } from 'preact'",
} as const;

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // No display on CI machines: never try to launch a browser from `wxt`.
  webExt: { disabled: true },
  // Lets parallel builds (e.g. a bench next to a test run) use separate folders.
  outDir: process.env.WEFT_OUT_DIR ?? '.output',
  manifest: ({ browser }) => ({
    // Name and description in the browser's language: public/_locales/<locale>/messages.json
    // (the description at most 132 characters: Chrome Web Store; scripts/check-bundle.mjs checks it).
    default_locale: 'en',
    name: '__MSG_extName__',
    short_name: 'Weft',
    description: '__MSG_extDescription__',
    // Chrome parses arXiv's announcements in an offscreen document (its worker has no DOMParser).
    permissions: ['storage', 'alarms', ...(browser === 'firefox' ? [] : ['offscreen'])],
    optional_permissions: ['notifications'],
    host_permissions: [...API_ORIGINS, ARXIV_HOST_PERMISSION],
    optional_host_permissions: [RSS_HOST_PERMISSION],
    action: { default_title: 'Weft', default_icon: Object.fromEntries(ICON_SIZES.map((size) => [size, `icon/${size}.png`])) },
    // No homepage_url: Weft has no public page of its own yet (the stores show their listing).
    // Never in private windows, in either browser (Firefox has no "split"): see docs/security.md, "Security
    // and privacy", and docs/reliability.md, "Private windows".
    incognito: 'not_allowed',
    commands: manifestCommands(),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'weft@weft.invalid',
              // 140: the first Firefox with built-in data-collection consent.
              strict_min_version: '140.0',
              // What leaves the browser, as lib/shared/privacy.ts says it.
              data_collection_permissions: { required: [...FIREFOX_DATA_COLLECTION] },
            },
            // Firefox for Android knows data_collection_permissions from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          // light-dark() in the shadow roots' colours (Chrome 123); AbortSignal.any in the
          // content scripts (116).
          minimum_chrome_version: '123',
        }),
  }),
  zip: {
    // The sources archive AMO reviewers rebuild from: the code, configs, lockfile and README
    // (build steps). Tests, benchmarks, their artifacts and the store images are not needed to
    // rebuild; WXT already leaves out node_modules, dotfiles, *.test.* files and the output folder.
    excludeSources: ['e2e/**', 'bench/**', 'faults/**', 'store/**', '**/artifacts/**', '**/*.log', '**/*.tmp.*'],
  },
  hooks: {
    // Content scripts use only runtime.sendMessage (a promise in every MV3 browser), onMessage
    // without answering, and runtime.id: the browsers' own API serves them, so they go without
    // webextension-polyfill (2.6 kB of each script, gzipped). The background and Weft's own pages,
    // whose listeners answer with promises, keep it.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((e) => e.type === 'content-script')) return;
      const alias = config.resolve?.alias;
      if (!alias || Array.isArray(alias)) return;
      delete (alias as Record<string, string>)['wxt/browser'];
      // WXT's own context can be stopped by a page script: Weft's is lib/page/script-context.ts.
      (alias as Record<string, string>)['wxt/utils/content-script-context'] = fileURLToPath(new URL('./lib/page/script-context.ts', import.meta.url));
    },
  },
  vite: () => ({
    plugins: [compactShadowCss],
    esbuild: JSX_TRANSFORM,
    // Terser after esbuild's transform: about 4% smaller content scripts than esbuild's own
    // minifier (each content script must stay ≤ 30 kB gzipped; docs/architecture.md).
    build: { target: 'es2022', minify: 'terser', terserOptions: { compress: { passes: 2 }, ecma: 2020 } },
  }),
});
