import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nounsanitized from 'eslint-plugin-no-unsanitized';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'e2e/artifacts/', 'bench/artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  nounsanitized.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Untrusted catalog text is only ever rendered as text (see docs/security.md).
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render untrusted data as text.' },
        { selector: "MemberExpression[property.name='innerHTML']", message: 'Render untrusted data as text.' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // What arXiv pages run renders through lib/page/mount.ts, without @preact/signals' Preact
    // integration or preact/hooks: about 1.6 kB of each content script, gzipped (docs/architecture.md).
    files: ['lib/{page,ui,arxiv,catalog,shared}/**', 'components/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: '@preact/signals', message: 'Import @preact/signals-core; lib/page/mount.ts renders again on changes.' },
        { name: 'preact/hooks', message: 'A component with state of its own keeps it in signals on a class (lib/page/mount.ts).' },
      ] }],
    },
  },
);
