// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noBrowserDialogs, noNativeControls, rendererPlugin } from './eslint/renderer-rules.js';

/** Import rules that keep the layers honest (conventions §1). Each entry: files → forbidden import patterns. */
const ours = (...names) => names.flatMap((n) => [`**/${n}`, `**/${n}/**`, `../${n}`, `../${n}/**`]);
const layer = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  },
});

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'resources/**', 'test-results/**', 'playwright-report/**', 'bench/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, atelier: rendererPlugin },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // No window.prompt/confirm/alert: board names and confirmations happen in the page (issue 28).
      ...noBrowserDialogs,
      // No native <select> or title tooltips: the primitives' Select and tooltips (issue 28).
      ...noNativeControls,
      // Feature folders import each other only through their index.ts.
      'atelier/feature-index-only': 'error',
      // Query keys come from state/query-keys.ts (derived from the contract), never a literal array.
      'atelier/query-key-factory': 'error',
    },
  },
  layer(['src/shared/**'], ['electron', 'node:*', ...ours('core', 'main', 'host', 'preload', 'renderer', 'sim')], 'shared imports nothing of ours, no electron, no node:*.'),
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer'] },
  },
  layer(['src/core/**'], ['electron', ...ours('main', 'host', 'preload', 'renderer', 'sim')], 'core imports only shared (and never electron).'),
  // Core's integration tests talk to the real simulator over loopback (never stubs of our own code).
  layer(['src/core/**/*.test.ts', 'src/core/test-support/**'], ['electron', ...ours('main', 'host', 'preload', 'renderer')], 'core tests may use the simulator, never electron.'),
  layer(['src/renderer/**'], ['electron', 'node:*', ...ours('core', 'main', 'host', 'preload', 'sim')], 'the renderer imports only shared and itself.'),
  // Renderer unit tests run in Node (vitest) and may use node:* helpers to decode what the code exported.
  layer(['src/renderer/**/*.test.ts'], ['electron', ...ours('core', 'main', 'host', 'preload', 'sim')], 'renderer tests import only shared, the renderer and node:*.'),
  layer(['src/preload/**'], [...ours('core', 'main', 'host', 'renderer', 'sim')], 'preload imports only shared (and electron).'),
  layer(['src/sim/**'], ['electron', ...ours('shared', 'core', 'main', 'host', 'preload', 'renderer')], 'the simulator shares no code with the client.'),
  layer(['src/main/**', 'src/host/**'], ['**/renderer/**', '../renderer'], 'main and host never import the renderer.'),
  {
    files: ['src/host/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['electron', '**/renderer/**', '**/main/**'], message: 'the web host runs without electron.' }] }] },
  },
);
