// ESLint flat config. Deliberately not type-aware, so `npm run lint` stays fast; the type checker
// (`npm run typecheck`) does the type-level work. Import boundaries live in .dependency-cruiser.cjs.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'src/server/db/migrations/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'data/**',
      '.e2e-data/**',
    ],
  },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    rules: {
      // STYLE.md: no `any`, not even in test utilities. An error, not a warning.
      '@typescript-eslint/no-explicit-any': 'error',
      // A leading underscore marks a parameter or binding that is unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Declaration files describe untyped things from outside; `any` is sometimes the honest answer.
  {
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Node: the server, scripts, tooling configs, benchmarks.
  {
    files: ['src/server/**', 'src/contracts/**', 'scripts/**', 'bench/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The web client: browser globals (also for plain scripts in src/web/public) and the rules of hooks.
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // Files in public/ are copied as they are and loaded as classic scripts, not modules.
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { sourceType: 'script' },
  },

  // e2e tests run in Node and hand functions to the browser (page.evaluate).
  {
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
