// @ts-check
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What code that runs in a browser may import: the protocol's types and its browser-safe
 * modules only. The schemas (zod) and the 19 dictionaries stay out of its bundles, and so does
 * the server.
 * @param {string} who
 * @param {{ group: string[]; message: string }[]} more
 */
function browserImports(who, more = []) {
  return {
    paths: [
      { name: '@open/protocol/api', allowTypeImports: true, message: 'Import types only: the schemas carry zod.' },
      { name: '@open/protocol/cti/frames', message: 'The frame schemas carry zod; use the types of cti/protocol.' },
      {
        name: '@open/protocol/messages/index',
        allowTypeImports: true,
        message: 'Dictionaries are loaded from the server, one language at a time.',
      },
    ],
    patterns: [
      {
        // Each namespace's dictionaries (messages/<namespace>/<lang>); namespaces.ts is plain data.
        group: ['@open/protocol/messages/*/*'],
        allowTypeImports: true,
        message: 'Dictionaries are loaded from the server, one language and namespace at a time.',
      },
      { group: ['@open/server', '@open/server/*', '**/server/src/**'], message: `${who} must not import the server.` },
      ...more,
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  // Directive comments: paired, never unlimited, never left over once the problem is gone.
  comments.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Every disable comment says why (`-- the reason`); turning a rule back on needs none.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
    },
  },
  {
    files: [
      'packages/web/src/**/*.{ts,tsx}',
      'packages/softphone/src/**/*.{ts,tsx}',
      'packages/softphone/examples/**/*.js',
      'bench/reference/**/*.js',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web client may use only the protocol's types and its browser-safe modules: the
    // schemas (zod) and the 19 dictionaries must stay out of its bundle, and so must the server.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    // Tests may start the real server to test the client against it.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', browserImports('The client')] },
  },
  {
    // The softphone (SDK loader, phone, socket client) ships to integrators' pages under tight
    // budgets: the same rules, and it may not import the web app either.
    files: ['packages/softphone/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        browserImports('The softphone', [
          {
            group: ['@open/web', '@open/web/*', '**/web/src/**'],
            message: 'The softphone may not import the web app.',
          },
        ]),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
