import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

const sharedBuffers = async (db: Database) =>
  (await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db)).rows[0]?.shared_buffers;

describe('embedded database', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  // A fresh folder is initialised by a child process (initdb), then opened here like a restart.
  it('creates a database in a fresh folder and finds its data again on a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'open-db-test-'));
    folders.push(dataDir);

    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await sql`create table note (body text not null)`.execute(first.db);
    await sql`insert into note (body) values ('kept')`.execute(first.db);
    expect(await sharedBuffers(first.db)).toBe('16MB');
    await first.db.destroy();

    const again = await openDatabase({ dataDir });
    const { rows } = await sql<{ body: string; n: number }>`select body, count(*) over () as n from note`.execute(
      again.db,
    );
    expect(rows).toEqual([{ body: 'kept', n: 1 }]);
    expect(await sharedBuffers(again.db)).toBe('16MB');
    await again.db.destroy();
  }, 60_000);
});
