import { readdirSync, readFileSync } from 'node:fs';
import { defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages are read from source in tests (no build step between an edit and a run).
const sourceConditions = ['@open/source', ...defaultServerConditions];

const serverTests = [
  'packages/server/**/*.test.ts',
  'packages/protocol/**/*.test.ts',
  'packages/softphone/src/socket/**/*.test.ts',
  'packages/softphone/src/sdk/**/*.test.ts',
  'packages/softphone/build/**/*.test.ts',
  'packages/softphone/src/frame/**/*.test.ts',
  'scripts/**/*.test.ts',
  'eslint/**/*.test.ts',
];

/**
 * The server project's test files that open a database or look at DATABASE_URL: the ones the
 * PostgreSQL pass runs again (the others would only repeat themselves). Every database a test
 * opens comes from these three functions; a new way to reach one belongs in this rule.
 */
const DATABASE_TEST_MARKS = /\b(createTestApp|createTestDatabase|openDatabase|DATABASE_URL)\b/;
function databaseTests(): string[] {
  const files = ['packages/server/src', 'packages/softphone/src', 'scripts'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `${folder}/${name}`),
  );
  return files.filter((file) => DATABASE_TEST_MARKS.test(readFileSync(file, 'utf8'))).sort();
}

/**
 * Test files run one after another in the same worker, without a fresh module graph each: every
 * file imports most of the server (Fastify, Kysely, PGlite, the engine), and loading it again per
 * file cost about 150 of the 400 s these tests took (issue #37's note). What a file changes
 * globally is put back after each test: stubbed globals and variables by Vitest, fake timers by
 * test/isolation.ts; modules hold no per-test state (each test builds its own app and database).
 */
const sharedWorkers = {
  isolate: false,
  unstubGlobals: true,
  unstubEnvs: true,
  setupFiles: ['packages/server/test/isolation.ts'],
};

/** The API and unit tests, on the run's template database (test/global-setup.ts). */
function serverProject(name: string, include: string[]): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      environment: 'node',
      globalSetup: ['packages/server/test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      ...sharedWorkers,
    },
  };
}

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    // Vitest leaves one core to itself by default: one worker on this 2-core machine. Its own
    // share is small next to a test file's, so both cores run test files.
    maxWorkers: 2,
    projects: [
      serverProject('server', serverTests),
      serverProject('postgres', databaseTests()),
      {
        extends: true,
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/web/build/**/*.test.ts'],
          environment: 'node',
          // api/client.test.ts runs the real server on a test database.
          globalSetup: ['packages/server/test/global-setup.ts'],
          ...sharedWorkers,
        },
      },
      {
        extends: true,
        test: {
          // One file at a time: each is a server and a Chromium, which alone keep both cores busy
          // (load 3-5). Two at a time took 1,226-1,313 s and files 2-4x their own time (a11y
          // 311-347 s against 102 s alone); one at a time, 952 s (issue #37's note). Set here:
          // a project's own maxWorkers wins over `--maxWorkers` on the command line.
          maxWorkers: 1,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
