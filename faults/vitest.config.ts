// The fault suite's unit side (run by faults/run.mjs): the project's vitest setup, its own files.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../vitest.config';

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    ...base.test,
    setupFiles: [...(base.test?.setupFiles as string[]), 'faults/unit/setup.ts'],
    include: ['faults/unit/**/*.test.{ts,tsx}'],
    // Faults make the background log warnings by design: shown only for failing tests.
    silent: 'passed-only',
  },
});
