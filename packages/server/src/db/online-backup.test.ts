/** The embedded database's online backup socket: what it answers, and that it goes with the lifecycle. */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLifecycle } from '../lifecycle.js';
import { openDatabase, type OpenedDatabase } from './database.js';
import { BACKUP_KIND_HEADER, dumpEmbeddedDatabase, PGLITE_BACKUP_KIND, startOnlineBackup } from './online-backup.js';

let folder: string;
let opened: OpenedDatabase;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'open-online-backup-'));
  // On disk, as the server runs it: the backup reads the folder's files.
  opened = await openDatabase({ dataDir: folder });
  await sql`create table kept (note text)`.execute(opened.db);
  await sql`insert into kept values ('before the backup')`.execute(opened.db);
});
afterAll(async () => {
  await opened.db.destroy();
  await rm(folder, { recursive: true, force: true });
});

function ask(socketPath: string, method: string, url: string) {
  return new Promise<{ status: number; kind: string | undefined; body: Buffer }>((resolve, reject) => {
    const asking = request({ socketPath, path: url, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kind = response.headers[BACKUP_KIND_HEADER];
        resolve({
          status: response.statusCode ?? 0,
          kind: typeof kind === 'string' ? kind : undefined,
          body: Buffer.concat(chunks),
        });
      });
    });
    asking.on('error', reject);
    asking.end();
  });
}

it('answers POST /backup with a tarball a new database opens, and closes with the lifecycle', async () => {
  const socketPath = path.join(folder, 'backup.sock');
  // A socket file left by a server that died is replaced.
  await writeFile(socketPath, '');
  const lifecycle = createLifecycle();
  const warnings: string[] = [];
  const log = {
    info: () => undefined,
    warn: (_: object, message: string) => warnings.push(message),
    error: () => undefined,
  };
  const { pgliteFolder } = opened;
  if (!pgliteFolder) throw new Error('an embedded database on disk has its folder');
  expect(await startOnlineBackup({ db: opened.db, folder: pgliteFolder, socketPath, lifecycle, log })).toBe(true);

  // A second server on the same DATA_DIR does not take the socket over.
  expect(
    await startOnlineBackup({ db: opened.db, folder: pgliteFolder, socketPath, lifecycle: createLifecycle(), log }),
  ).toBe(false);
  expect(warnings).toEqual(['online backup unavailable: another server answers on this DATA_DIR backup socket']);

  expect((await ask(socketPath, 'GET', '/backup')).status).toBe(404);
  const backup = await ask(socketPath, 'POST', '/backup');
  expect(backup.status).toBe(200);
  expect(backup.kind).toBe(PGLITE_BACKUP_KIND);

  // The tarball is a whole database holding what was written.
  const restored = await PGlite.create({
    loadDataDir: new Blob([gunzipSync(backup.body)], { type: 'application/x-tar' }),
  });
  try {
    expect((await restored.query('select note from kept')).rows).toEqual([{ note: 'before the backup' }]);
  } finally {
    await restored.close();
  }

  await lifecycle.close();
  expect(existsSync(socketPath)).toBe(false);
});

it('reads the folder without holding the event loop: other work runs while queries wait', async () => {
  const { pgliteFolder } = opened;
  if (!pgliteFolder) throw new Error('an embedded database on disk has its folder');
  let turns = 0;
  let dumping = true;
  const spin = () => {
    if (!dumping) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  // A query sent during the dump waits for it, and sees what was there before.
  const dump = dumpEmbeddedDatabase(opened.db, pgliteFolder);
  const waiting = sql<{ note: string }>`select note from kept`.execute(opened.db);
  const { tar } = await dump;
  dumping = false;
  expect((await waiting).rows).toEqual([{ note: 'before the backup' }]);
  const files = (await readdir(pgliteFolder, { recursive: true })).length;
  // PGlite's dumpDataDir() read the folder in one synchronous pass: a handful of turns, all
  // around the CHECKPOINT. Read file by file, the loop turns between the reads.
  expect(turns).toBeGreaterThan(files / 4);
  const restored = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }) });
  try {
    expect((await restored.query('select note from kept')).rows).toEqual([{ note: 'before the backup' }]);
  } finally {
    await restored.close();
  }
});
