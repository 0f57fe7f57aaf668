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

/**
 * The server's floors, from the ground up (docs/ARCHITECTURE.md): the ground (errors, clock,
 * lifecycle, storage, config), db/, the domain folders (auth, audit, content, tenants, cti, telephony, i18n),
 * services.ts (the composition root and the domain's only face to the transport), http/ (the
 * transport), api/ (one adapter folder per area), app.ts and main.ts. seed/ fills a database at
 * start and sits beside the transport. An import may only go down.
 */
const SERVER = 'packages/server/src';
/** A relative import that reaches into one of `folders` (or names one of `files`). */
const into = (/** @type {string[]} */ folders, /** @type {string[]} */ files = []) =>
  `^\\.\\.?/(?:[^]*/)?(?:(?:${folders.join('|')})/|(?:${files.join('|') || '(?!)'})$)`;
const rootFiles = ['services\\.js', 'app\\.js', 'main\\.js'];
const up = {
  transport: {
    regex: into(['http']),
    message: 'The domain does not know the transport: raise an error of errors.ts, take plain values.',
  },
  api: { regex: into(['api']), message: 'Only app.ts registers the API areas.' },
  root: {
    regex: into([], rootFiles),
    message: 'The composition root imports the domain, never the other way round: take what you need as an argument.',
  },
  appAndMain: { regex: into([], rootFiles.slice(1)), message: 'Only main.ts starts the app.' },
  seed: { regex: into(['seed']), message: 'Seed code fills a database at start; services do not import it.' },
  domain: {
    regex: into(['auth', 'audit', 'content', 'tenants', 'cti', 'telephony'], ['i18n/locale\\.service\\.js']),
    message: 'Reach the domain through services.ts (its types and services), not its folders.',
  },
  db: { regex: into(['db']), message: 'The engine is pure: the host (cti/host) reads and writes for it.' },
  otherArea: {
    regex: '^\\.\\./(?!\\.)[^/]+/',
    message: 'An API area does not import another: move what they share down.',
  },
};
/**
 * @param {string[]} files
 * @param {{ regex: string; message: string }[]} patterns
 */
function serverFloor(files, patterns) {
  return {
    files: files.map((f) => `${SERVER}/${f}`),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': /** @type {['error', { patterns: typeof patterns }]} */ (['error', { patterns }]),
    },
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
  // The server's boundaries: each file matches one block, which names everything above it.
  serverFloor(['*.ts'], [up.transport, up.api, up.seed]),
  serverFloor(['services.ts'], [up.transport, up.api, up.seed, up.appAndMain]),
  serverFloor(['app.ts', 'main.ts'], []),
  serverFloor(['db/**', 'storage/**'], [up.transport, up.api, up.root, up.seed, up.domain]),
  serverFloor(
    ['auth/**', 'audit/**', 'content/**', 'tenants/**', 'i18n/**', 'cti/**', 'telephony/**'],
    [up.transport, up.api, up.root, up.seed],
  ),
  serverFloor(['cti/engine/**'], [up.transport, up.api, up.root, up.seed, up.db]),
  serverFloor(['http/**'], [up.api, up.seed, up.appAndMain, up.domain]),
  serverFloor(['api/*.ts'], [up.seed, up.appAndMain]),
  serverFloor(['api/*/**'], [up.seed, up.appAndMain, up.otherArea]),
  serverFloor(['seed/**'], [up.transport, up.api, up.root]),
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
