import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { JSX_TRANSFORM } from './wxt.config';

export default defineConfig({
  plugins: [WxtVitest()],
  esbuild: JSX_TRANSFORM,
  test: {
    globals: true,
    include: ['{lib,components,entrypoints,test}/**/*.test.{ts,tsx}', '{scripts,bench}/**/*.test.mjs'],
    setupFiles: ['fake-indexeddb/auto', 'test/i18n-setup.ts'],
    restoreMocks: true,
    // No test depends on timing: a busy 2-core machine may take many times the usual time (the
    // slowest tests, measured, in docs/testing.md, "Test data, made up and recorded").
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
