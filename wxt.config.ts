import { defineConfig } from 'wxt';

// Hosts Weft talks to. Everything else is out of reach by design (see README "Privacy").
const API_HOSTS = ['https://api.openalex.org/*', 'https://api.semanticscholar.org/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // No display on CI machines: never try to launch a browser from `wxt`.
  webExt: { disabled: true },
  // Lets parallel builds (e.g. a bench next to a test run) use separate folders.
  outDir: process.env.WEFT_OUT_DIR ?? '.output',
  manifest: ({ browser }) => ({
    name: 'Weft — researcher profiles on arXiv',
    short_name: 'Weft',
    description:
      'Shows who the authors of an arXiv paper are (h-index, citations, institutions), related papers, and alerts for researchers you follow.',
    permissions: ['storage', 'alarms'],
    optional_permissions: ['notifications'],
    host_permissions: API_HOSTS,
    action: { default_title: 'Weft' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'weft@weft.invalid',
              // 140: the first Firefox with built-in data-collection consent.
              strict_min_version: '140.0',
              // What leaves the browser: arXiv ids of the pages read, author names printed on
              // them, popup search terms — sent to OpenAlex and Semantic Scholar, nowhere else.
              data_collection_permissions: { required: ['browsingActivity', 'websiteContent', 'searchTerms'] },
            },
          },
        }
      : {}),
  }),
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    build: { target: 'es2022' },
  }),
});
