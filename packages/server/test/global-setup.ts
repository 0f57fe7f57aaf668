import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/seed/seed.js';

import './provided-context.js';

/**
 * Migrates and seeds one embedded database per run and hands its folder, as a tar, to every
 * test file: PGlite's initdb alone costs a test file ~2.5 s, the copy ~0.4 s. PostgreSQL needs
 * no template: a fresh schema is migrated and seeded in ~0.3 s.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'open-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const { db, pglite } = await openDatabase({});
  if (!pglite) throw new Error('openDatabase({}) did not open the embedded database');
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const image = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
