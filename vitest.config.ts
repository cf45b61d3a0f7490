import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    globals: true,
    include: ['{lib,components,entrypoints,test}/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['fake-indexeddb/auto'],
    restoreMocks: true,
  },
});
