// ESLint for the whole JavaScript/TypeScript side, run by `npm test` (habits).
//
// - every file: ESLint's recommended JavaScript rules;
// - TypeScript (renderer/): typescript-eslint's recommended rules (syntactic,
//   no type information: `tsc` checks the types);
// - React components and hooks: the two Rules of Hooks, both errors
//   (`rules-of-hooks`, `exhaustive-deps`); a missing or stale dependency is a
//   finding, not a warning; and the React Compiler's rules (no ref read or
//   written during render, no mutation after render, ...);
// - globals by where the code runs: the renderer in the browser (and its
//   worker), electron/, scripts/ and the tests in Node.
//
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 does
// not have: `typescript` is the TS 6 API package for it, while `tsc` is
// TypeScript 7 (`@typescript/native`), see package.json.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'renderer/dist-node/**',
      'engine-wasm/target/**',
      'engine-wasm/pkg/**', // wasm-bindgen's generated glue
      'tests/e2e/artifacts/**',
      '.lio-data/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
  },
  {
    // Underscore-prefixed names are deliberately unused (a parameter a
    // signature needs, a destructured field left out of a rest).
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx,mjs}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      // The plugin's recommended set: the Rules of Hooks and the React
      // Compiler's rules (purity, refs, immutability, use-memo...).
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [
      'electron/**', 'scripts/**', 'tests/**', 'renderer/test/**', 'renderer/vite.config.ts',
      'engine-wasm/js/**', '*.mjs',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // CommonJS: Electron's main process and its preload.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The end-to-end tests hand functions to the page (page.evaluate): they
    // run in the browser.
    files: ['tests/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
