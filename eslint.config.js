// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

const FEATURES = ['stubs', 'registration', 'bulk', 'history', 'settings', 'open', 'compare'];

/** The floors of src/ that run in browsers, workers and Node alike. */
const PURE_FLOORS = [
  { folder: 'text', what: 'src/text' },
  { folder: 'protocol', what: 'The protocol client' },
  { folder: 'xml', what: 'The XML engine' },
  { folder: 'relay', what: 'The relay transport' },
  { folder: 'bulk-job', what: 'The bulk job' },
];

const BROWSER_ONLY_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
];

export default tseslint.config(
  {
    ignores: [
      'dist-e2e',
      'dist-e2e-server',
      'dist-e2e-subpath',
      'dist-server',
      'dist',
      'coverage',
      'node_modules',
      'fixtures/reference',
      'test-results',
      'playwright-report',
      'bench/results',
      'cli/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  // The pure floors run in browsers, workers and Node alike: no React, no browser storage, no
  // window or document. Which floor may import which is .dependency-cruiser.cjs's (lint:graph).
  ...PURE_FLOORS.map(({ folder, what }) => ({
    files: [`src/${folder}/**/*.ts`],
    ignores: ['src/**/*.test.ts', 'src/**/*.test-helper.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@tanstack/*', 'idb', '@codemirror/*', '**/*.tsx'],
              message: `${what} is pure TypeScript: no React, no UI, no browser storage.`,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...BROWSER_ONLY_GLOBALS.map((name) => ({
          name,
          message: `${what} runs in Node too: no browser-only globals.`,
        })),
      ],
    },
  })),
  // The command line uses the protocol client, the bulk job and the emulator's own start code.
  {
    files: ['cli/**/*.ts'],
    rules: {
      'no-console': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@tanstack/*',
                '**/features/**',
                '**/app/**',
                '**/server/**',
              ],
              message: 'The command line imports only src/protocol, src/bulk-job and the emulator.',
            },
            {
              regex: '/src/(?!(text|protocol|xml|outcome|parity|bulk-job)/)',
              message:
                'From src/ the command line uses only the pure floors: text, protocol, xml, outcome, parity and bulk-job.',
            },
          ],
        },
      ],
    },
  },
  // The emulator shares only the operation table with the client.
  {
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!protocol/operations(\\.ts)?$)',
              message:
                'The emulator may import only src/protocol/operations.ts from the client, so the two cannot agree on a mistake.',
            },
            {
              group: ['**/server/**'],
              message: 'The emulator knows nothing of the console server that may host it.',
            },
          ],
        },
      ],
    },
  },
  // The console's server hosts the emulator only on demand: type imports and lazy import() only,
  // so production never loads it (or better-sqlite3) unless INODE_EMULATOR asks for it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/emulator/**'],
              allowTypeImports: true,
              message: 'Load the emulator lazily with import(), never statically.',
            },
          ],
        },
      ],
    },
  },
  // Imports flow one way: shared -> features -> app; no feature imports another.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message:
                'Features do not import each other; lift the shared piece into src/components or a concept folder of src/.',
            },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'emulator/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
