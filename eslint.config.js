// @ts-check
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importWalls from './eslint/import-walls.js';
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
 * The walls (docs/ARCHITECTURE.md, "Walls"): each block names the files of one room and every
 * room they may import from; anything else fails the lint (eslint/import-walls.js). A file
 * matches one block (the last one that names it). Tests stand outside the walls.
 * @param {string[]} files
 * @param {{ room: string; allow?: string[]; packages?: string[]; forbidPackages?: string[]; why: string }} wall
 */
function wall(files, wall) {
  return {
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { walls: importWalls },
    rules: { 'walls/walls': /** @type {['error', typeof wall]} */ (['error', wall]) },
  };
}

const S = 'packages/server/src';
/** The server's ground: what every floor may use. */
const serverGround = ['errors', 'clock', 'lifecycle', 'config', 'demo-credentials', 'ice-settings', 'secret-box'].map(
  (name) => `${S}/${name}`,
);
const db = [...serverGround, `${S}/db`];
const domainWhy = 'The domain sits below the transport: take what a higher floor has as an argument.';
const serverWalls = [
  wall(
    serverGround.map((room) => `${room}.ts`),
    { room: `${S}/ground`, allow: serverGround, why: 'The ground imports only the ground.' },
  ),
  wall([`${S}/storage/**`], { room: `${S}/storage`, allow: serverGround, why: 'Blob storage knows only bytes.' }),
  wall([`${S}/db/**`], { room: `${S}/db`, allow: serverGround, why: 'The database layer knows no domain.' }),
  wall([`${S}/audit/**`], { room: `${S}/audit`, allow: db, why: domainWhy }),
  wall([`${S}/tenants/**`], { room: `${S}/tenants`, allow: db, why: domainWhy }),
  wall([`${S}/i18n/**`], { room: `${S}/i18n`, allow: [...db, `${S}/tenants`], why: domainWhy }),
  wall([`${S}/auth/**`], { room: `${S}/auth`, allow: [...db, `${S}/tenants`], why: domainWhy }),
  wall([`${S}/content/**`], { room: `${S}/content`, allow: [...db, `${S}/storage`], why: domainWhy }),
  wall([`${S}/telephony/**`], {
    room: `${S}/telephony`,
    allow: [...db, `${S}/tenants`, `${S}/cti/engine`],
    why: 'The SIP side sees the call centre through the engine’s outside line only.',
  }),
  wall([`${S}/webhooks/**`], {
    room: `${S}/webhooks`,
    allow: [...db, `${S}/tenants`],
    why: 'Webhooks hear the call centre through the event sink it is handed; they import none of it.',
  }),
  wall([`${S}/event-stream/**`], {
    room: `${S}/event-stream`,
    allow: [...db, `${S}/tenants`, `${S}/i18n`, `${S}/webhooks`],
    why: 'The event stream reads the event log the webhooks keep; like them, it imports nothing of the call centre.',
  }),
  wall([`${S}/cti/*.ts`], {
    room: `${S}/cti`,
    allow: [...db, `${S}/tenants`, `${S}/i18n`],
    why: domainWhy,
  }),
  wall([`${S}/cti/engine/**`], {
    room: `${S}/cti/engine`,
    allow: [`${S}/errors`, `${S}/clock`],
    why: 'The engine is pure: the host (cti/host) reads and writes for it, and it knows no socket.',
  }),
  wall([`${S}/cti/bus/**`], {
    room: `${S}/cti/bus`,
    allow: [...serverGround, `${S}/cti/engine`],
    why: 'The bus carries the engine’s messages between nodes and knows nothing above it.',
  }),
  wall([`${S}/cti/host/**`], {
    room: `${S}/cti/host`,
    allow: [
      ...db,
      `${S}/tenants`,
      `${S}/i18n`,
      `${S}/cti/engine`,
      `${S}/cti/bus`,
      `${S}/cti/profiles`,
      `${S}/cti/ice-servers`,
    ],
    why: 'The host runs a tenant’s engine; the socket (cti/gateway) sits above it.',
  }),
  wall([`${S}/cti/gateway/**`], {
    room: `${S}/cti/gateway`,
    allow: [...serverGround, `${S}/auth`, `${S}/i18n`, `${S}/cti`],
    why: domainWhy,
  }),
  wall([`${S}/health.service.ts`, `${S}/retention.ts`], {
    room: `${S}/services`,
    allow: [...db, `${S}/audit`, `${S}/content`, `${S}/webhooks`],
    why: domainWhy,
  }),
  wall([`${S}/services.ts`], {
    room: `${S}/services`,
    allow: [
      ...db,
      ...['storage', 'audit', 'auth', 'content', 'tenants', 'i18n', 'cti', 'telephony', 'webhooks', 'event-stream'].map(
        (room) => `${S}/${room}`,
      ),
      `${S}/health.service`,
    ],
    why: 'The composition root builds the domain; the transport and the app sit above it.',
  }),
  wall([`${S}/http/**`], {
    room: `${S}/http`,
    allow: [...db, `${S}/storage`, `${S}/i18n/translate`, `${S}/services`],
    why: 'The transport reaches the domain through services.ts, its types and services.',
  }),
  wall([`${S}/api/*.ts`], {
    room: `${S}/api`,
    allow: [...serverGround, `${S}/http`, `${S}/services`],
    why: 'An API area is a thin adapter: the transport and services.ts, never the database or the domain.',
  }),
  ...['basic', 'cms', 'cti', 'diag', 'doc', 'global'].map((area) =>
    wall([`${S}/api/${area}/**`], {
      room: `${S}/api/${area}`,
      allow: [...serverGround, `${S}/http`, `${S}/services`, `${S}/api/paging`],
      why: 'An API area is a thin adapter: the transport and services.ts, never the database, the domain or another area.',
    }),
  ),
  wall([`${S}/seed/**`], {
    room: `${S}/seed`,
    allow: [...db, ...['storage', 'audit', 'auth', 'content', 'tenants', 'cti', 'telephony'].map((r) => `${S}/${r}`)],
    why: 'Seed code fills a database at start through the domain; the transport is not for it.',
  }),
  wall([`${S}/start/**`], {
    room: `${S}/start`,
    allow: [...db, `${S}/services`, `${S}/seed`],
    why: 'What main.ts runs before the app: the database made ready, a first start in a process of its own.',
  }),
  wall([`${S}/app.ts`], {
    room: `${S}/app`,
    allow: [...db, ...['storage', 'cti', 'services', 'http', 'api'].map((room) => `${S}/${room}`)],
    why: 'Only main.ts starts the app.',
  }),
  wall([`${S}/main.ts`], { room: `${S}/main`, allow: [S], why: 'main.ts starts everything.' }),
];

const P = 'packages/softphone/src';
const protocolOnly = ['@open/protocol/*'];
const softphoneWalls = [
  wall([`${P}/sdk/**`], {
    room: `${P}/sdk`,
    allow: [`${P}/bridge`],
    packages: protocolOnly,
    why: 'The SDK loader ships to integrators’ pages: it talks to the phone over the bridge only, with no React.',
  }),
  wall([`${P}/bridge/**`], {
    room: `${P}/bridge`,
    packages: protocolOnly,
    why: 'The bridge is what the loader and the phone say to each other: plain data.',
  }),
  wall([`${P}/socket/**`], {
    room: `${P}/socket`,
    packages: protocolOnly,
    why: 'The socket client is shared by the phone and the diagnostics page: it knows neither.',
  }),
  wall([`${P}/frame/**`], {
    room: `${P}/frame`,
    allow: [`${P}/bridge`, `${P}/socket`],
    packages: [...protocolOnly, 'react', 'react/*', 'react-dom', 'react-dom/*', 'i18next'],
    why: 'The phone is React on the socket client, behind the bridge.',
  }),
  wall([`${P}/frame/media/**`], {
    room: `${P}/frame/media`,
    packages: protocolOnly,
    why: 'Call media, devices and quality are browser APIs only: they know no state and no view.',
  }),
  wall([`${P}/frame/state/**`], {
    room: `${P}/frame/state`,
    allow: [`${P}/frame/media`, `${P}/socket`],
    packages: protocolOnly,
    why: 'The phone’s state and what follows it (lifecycle events, the ring) know no view and no React.',
  }),
];

const W = 'packages/web/src';
const pageWhy = 'A page does not import another page: move what they share to ui/, state/ or api/.';
const webWalls = [
  wall([`${W}/app/**`, `${W}/main.tsx`], {
    room: `${W}/app`,
    allow: [W],
    why: 'The shell loads every page, lazily.',
  }),
  wall([`${W}/state/**`], { room: `${W}/state`, packages: ['react'], why: 'Stores are plain state.' }),
  wall([`${W}/api/**`], {
    room: `${W}/api`,
    packages: [...protocolOnly, 'react'],
    why: 'The API client knows no page.',
  }),
  wall([`${W}/i18n/**`], { room: `${W}/i18n`, allow: [`${W}/api`], why: 'Dictionaries come through the API client.' }),
  wall([`${W}/session/**`], { room: `${W}/session`, allow: [`${W}/api`, `${W}/state`], why: 'Who is signed in.' }),
  wall([`${W}/ui/**`], { room: `${W}/ui`, allow: [`${W}/api`], why: 'Shared components know no page.' }),
  wall([`${W}/doc/**`], {
    room: `${W}/doc`,
    // ui/'s modules without Ant Design.
    allow: [
      `${W}/api`,
      `${W}/i18n`,
      `${W}/state`,
      `${W}/session`,
      ...['article', 'format', 'use-settled', 'keyboard-scroll'].map((name) => `${W}/ui/${name}`),
    ],
    forbidPackages: ['antd', 'antd/*', '@ant-design/*'],
    why: `The reader stays light: no Ant Design (DESIGN §12). ${pageWhy}`,
  }),
  wall([`${W}/cms/**`], {
    room: `${W}/cms`,
    allow: [`${W}/api`, `${W}/i18n`, `${W}/state`, `${W}/ui`, `${W}/session`],
    why: pageWhy,
  }),
  wall([`${W}/demo/**`], {
    room: `${W}/demo`,
    allow: [`${W}/api`, `${W}/i18n`, `${W}/state`, `${W}/ui`],
    why: pageWhy,
  }),
  wall([`${W}/diagnose/**`], {
    room: `${W}/diagnose`,
    allow: [`${W}/api`, `${W}/i18n`, `${W}/state`, `${W}/ui`],
    why: pageWhy,
  }),
];

const R = 'packages/protocol/src';
const protocolGround = [
  'limits',
  'json-depth',
  'locales',
  'paths',
  'web-address',
  'errors',
  'reader-errors',
  'trunk',
  'dial-plan',
  'webhooks',
  'event-stream',
  'storable-text',
  'boot-messages',
  'quality',
].map((name) => `${R}/${name}`);
const protocolWhy = 'The protocol is shared by the server and the browser: it imports only what lies below it.';
const protocolWalls = [
  wall(
    protocolGround.map((room) => (room.endsWith('quality') ? `${room}/**` : `${room}.ts`)),
    { room: `${R}/ground`, allow: protocolGround, packages: ['node:net'], why: protocolWhy },
  ),
  wall([`${R}/messages/**`], { room: `${R}/messages`, allow: protocolGround, packages: [], why: protocolWhy }),
  wall([`${R}/softphone/**`], {
    room: `${R}/softphone`,
    allow: [...protocolGround, `${R}/cti/protocol`],
    packages: [],
    why: protocolWhy,
  }),
  wall([`${R}/cti/**`], {
    room: `${R}/cti`,
    allow: [...protocolGround, `${R}/softphone`],
    packages: ['zod'],
    why: protocolWhy,
  }),
  wall([`${R}/api/**`], {
    room: `${R}/api`,
    allow: [...protocolGround, `${R}/messages/namespaces`, `${R}/softphone`],
    packages: ['zod'],
    why: protocolWhy,
  }),
];

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
  ...serverWalls,
  ...softphoneWalls,
  ...webWalls,
  ...protocolWalls,
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
