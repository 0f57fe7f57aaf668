import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { startServer } from './harness.js';

/**
 * The built server's first start once per run, in a folder the browser tests' servers start
 * from (harness.ts copies it): a first start runs initdb, migrations and the seed, about 3 s of
 * the ~5 s each of 50 server starts would spend. A test that checks a first start itself
 * (server.test.ts) gives a folder of its own and gets a first start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'open-e2e-template-'));
  const server = await startServer({ dataDir: folder, fresh: true });
  await server.stop();
  project.provide('e2eDataTemplate', folder);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
