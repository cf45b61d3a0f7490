/**
 * The layer rule (docs/architecture.md), checked by `npm run check:layers` in `npm test`.
 *
 *   shared      lib/arxiv, lib/catalog, lib/shared   runs anywhere; imports only shared code
 *   background  lib/background                       the service worker; imports shared code
 *   page        lib/page                             content scripts on arXiv; shared + components
 *   ext pages   lib/extension-pages                  popup, options, researcher page view-models
 *   ui          lib/ui                               what both kinds of view share: the client, badge
 *                                                    and panel state, the wording of failures; shared code
 *   components  components/                          Preact UI for the page and extension pages
 *   entrypoints entrypoints/                         thin: wire one layer into a WXT entrypoint
 *
 * Code outside the background may import *types* from it (the protocol's request and answer
 * types, erased at build time), never values. No import cycle between files or folders.
 */
const SHARED = '^lib/(arxiv|catalog|shared)/';
const BACKGROUND = '^lib/background/';
const PAGE = '^lib/page/';
const EXT_PAGES = '^lib/extension-pages/';
const UI = '^lib/ui/';
const COMPONENTS = '^components/';
const ENTRYPOINTS = '^entrypoints/';

module.exports = {
  forbidden: [
    { name: 'no-file-cycle', severity: 'error', from: {}, to: { circular: true } },
    { name: 'no-folder-cycle', severity: 'error', scope: 'folder', from: {}, to: { circular: true } },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      from: { path: SHARED, pathNot: '\\.test\\.tsx?$' },
      to: { path: [BACKGROUND, PAGE, EXT_PAGES, UI, COMPONENTS, ENTRYPOINTS] },
    },
    {
      name: 'background-imports-no-ui',
      severity: 'error',
      from: { path: BACKGROUND },
      to: { path: [PAGE, EXT_PAGES, UI, COMPONENTS, ENTRYPOINTS] },
    },
    {
      name: 'only-types-from-background',
      comment: 'Pages talk to the background through the protocol; they may share its types, not its code.',
      severity: 'error',
      from: { path: [PAGE, EXT_PAGES, UI, COMPONENTS, '^entrypoints/(?!background)'], pathNot: '\\.test\\.tsx?$' },
      to: { path: BACKGROUND, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'page-and-extension-pages-apart',
      severity: 'error',
      from: { path: PAGE },
      to: { path: EXT_PAGES },
    },
    {
      name: 'extension-pages-not-page',
      severity: 'error',
      from: { path: EXT_PAGES },
      to: { path: PAGE },
    },
    {
      name: 'ui-below-views',
      comment: 'What the views share knows none of them: the page, the extension pages and the components import it, not the reverse.',
      severity: 'error',
      from: { path: UI },
      to: { path: [PAGE, EXT_PAGES, COMPONENTS] },
    },
    {
      name: 'components-above-view-models',
      comment: 'Components render what they are given; they may name view-model types, not import their code.',
      severity: 'error',
      from: { path: COMPONENTS, pathNot: '\\.test\\.tsx?$' },
      to: { path: [PAGE, EXT_PAGES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-entrypoint-imports',
      severity: 'error',
      from: { pathNot: ENTRYPOINTS },
      to: { path: ENTRYPOINTS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The rule is about product code: tests and their helpers may import what they test.
    exclude: { path: ['^(node_modules|\\.output|\\.wxt|test)/', '\\.test\\.tsx?$', '(^|/)(test-helpers|testing)\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
};
