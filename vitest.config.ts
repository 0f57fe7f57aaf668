import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages are read from source in tests (no build step between an edit and a run).
const sourceConditions = ['@open/source', ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'packages/server/**/*.test.ts',
            'packages/protocol/**/*.test.ts',
            'packages/softphone/src/socket/**/*.test.ts',
            'packages/softphone/src/sdk/**/*.test.ts',
            'packages/softphone/build/**/*.test.ts',
            'packages/softphone/src/frame/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
