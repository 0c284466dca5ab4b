// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

const FEATURES = ['stubs', 'registration', 'bulk', 'history', 'settings', 'open', 'compare'];

export default tseslint.config(
  {
    ignores: [
      'dist-e2e',
      'dist-e2e-server',
      'dist-e2e-subpath',
      'dist-server',
      'dist-bench',
      'dist-bench-server',
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
  // The protocol client is pure TypeScript: no React, no UI, no emulator.
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@tanstack/*'],
              message: 'The protocol client knows no React.',
            },
            {
              group: ['**/features/**', '**/components/**', '**/app/**', '**/emulator/**'],
              message: 'The protocol client imports nothing from the UI or the emulator.',
            },
          ],
        },
      ],
    },
  },
  // The bulk job (CSV, row checks, scheduling, results, resume) is shared by the Bulk register
  // page and the command line: no React, no UI, no browser-only APIs, like the protocol client.
  {
    files: ['src/bulk-job/**/*.ts'],
    ignores: ['src/bulk-job/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@tanstack/*', 'idb'],
              message: 'The bulk job knows no React and no browser storage.',
            },
            {
              group: [
                '**/features/**',
                '**/components/**',
                '**/app/**',
                '**/emulator/**',
                '**/cli/**',
              ],
              message: 'The bulk job imports nothing from the UI, the emulator or the CLI.',
            },
            {
              regex: '^\\.\\./lib/(?!absolute-uri\\.ts$)',
              message: 'From src/lib the bulk job may use only absolute-uri.ts (DOM-free).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'location',
          'localStorage',
          'sessionStorage',
          'indexedDB',
        ].map((name) => ({
          name,
          message: 'The bulk job runs in Node too: no browser-only globals.',
        })),
      ],
    },
  },
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
              // Parity compares DataStubs by meaning exactly as the console does (pure code).
              regex: '/components/(?!xml-viewer/core/compare/xml-meaning-tree\\.ts$)',
              message: 'From src/components the command line uses only the XML meaning comparison.',
            },
            {
              // The outcome words are the page's own, so both say the same; nothing else of src/lib.
              regex: '/src/lib/(?!(outcome|outcome-kind|outcome-line|xml-pretty)\\.ts$)',
              message:
                'From src/lib the command line uses only the outcome words and xml-pretty.ts.',
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
                'Features do not import each other; lift the shared piece into src/components or src/lib.',
            },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  // The bulk relay's transport and wire format: the console server imports the format, so both
  // stay pure (no React, no page code). (Repeats the shared-code patterns: this entry replaces it.)
  {
    files: ['src/relay/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom'],
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/components/**', '**/*.tsx'],
              message: 'The relay transport is pure: no React, no page or feature code.',
            },
          ],
        },
      ],
    },
  },
  // The XPath engine runs in a worker and in Node (tests, bench): pure modules over the tree
  // index, no React, no page code. (Repeats the shared-code patterns: this entry replaces it.)
  {
    files: ['src/xml/xpath/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom'],
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/views/**', '**/worker/**', '**/*.tsx'],
              message:
                'The XPath engine is pure: it imports the index and xpath only, never page or worker code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'emulator/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
