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

/**
 * Browser and process tests that mostly wait (a network cut held for 10-40 s, a SIP timer, a
 * lease running out, a relay's ping): 60-76 % of both cores idle while each runs alone. They run
 * one at a time beside the other e2e files (scripts/e2e.mjs, a second vitest run), which also
 * run one at a time: each of those is a
 * server and a Chromium that keep both cores busy (load 3-5), so two of them at once took
 * 1,226-1,313 s against 952 s one at a time (issue #37's note), while a waiting file beside a
 * busy one costs the busy one little. Measured per file with vmstat (issue #37's note).
 */
const WAITING_E2E = [
  'e2e/softphone-lifecycle.test.ts',
  'e2e/softphone-transfers.test.ts',
  'e2e/telephony-health.test.ts',
  'e2e/trunk-signalling.test.ts',
  'e2e/trunk-audio.test.ts',
  'e2e/trunk-call-quality.test.ts',
  'e2e/trunk-failover.test.ts',
  'e2e/trunk-edge.test.ts',
  'e2e/faults/cti-owner-killed.test.ts',
  'e2e/faults/postgres-outage.test.ts',
  'e2e/faults/cti-redis-outage.test.ts',
  'e2e/crm-back-end.test.ts',
  'e2e/softphone-token-refresh.test.ts',
];

/** Browser and process tests against the built server, one file at a time (see WAITING_E2E). */
function e2eProject(name: string, files: { include: string[]; exclude?: string[] }): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      ...files,
      // Set here: a project's own maxWorkers wins over `--maxWorkers` on the command line.
      maxWorkers: 1,
      environment: 'node',
      globalSetup: ['e2e/global-setup.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // A page waited on through expect.poll: its 1 s default is less than a reload takes while
      // lint and the type-check hold both cores in CI (seen: a reloaded form polled for 1 s).
      // Only a failing wait takes longer; one that succeeds returns at once.
      expect: { poll: { timeout: 10_000 } },
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
      e2eProject('e2e', { include: ['e2e/**/*.test.ts'], exclude: WAITING_E2E }),
      e2eProject('e2e-waiting', { include: WAITING_E2E }),
    ],
  },
});
