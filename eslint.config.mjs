// `npm run lint`: Next's rules (React, hooks, accessibility, Core Web Vitals), typescript-eslint's
// recommended rules, and the strictness the code already keeps (no `any`, no non-null `!` in app
// code). Import direction between folders is dependency-cruiser's job (.dependency-cruiser.cjs).
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    '.next/**',
    '.e2e-previous-build/**',
    'node_modules/**',
    'deploy/.run/**',
    '.stryker-tmp/**',
    'bench/results/**',
    'playwright-report/**',
    'test-results/**',
    'next-env.d.ts',
  ]),
  {
    rules: {
      // Warnings nobody reads are noise: what is worth flagging fails the run.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-anonymous-default-export': 'off',
      // Pages router: the one `<Head>` per page is next/head; _document's is the document head.
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    // App code never asserts a value is there; tests may, after checking it in the test itself.
    files: ['src/**', 'pages/**', 'middleware.ts', 'server.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Head from next/document, rendered only by pages/_document.tsx: the rule knows files by name.
    files: ['src/shell/document/PaintFirstHead.tsx'],
    rules: { '@next/next/no-document-import-in-page': 'off' },
  },
  {
    // Playwright fixtures call their `use` argument; unit tests count renders and feed the
    // document helpers the markup they must handle.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/globals': 'off', '@next/next/no-sync-scripts': 'off' },
  },
  {
    // Node scripts, configs and benches in CommonJS.
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]);
