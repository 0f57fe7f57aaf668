#!/usr/bin/env node
// @ts-check
// `npm run backup -- <folder>`: a backup of the database and the attachments into a new folder
// (docs/DEPLOY.md, "Backup and restore"). Reads DATA_DIR and DATABASE_URL as the server does.
//
// - Embedded database (no DATABASE_URL): through the running server, without stopping it
//   (its backup socket in DATA_DIR answers the folder as a tarball in PGlite's dump layout),
//   or, when no server runs on DATA_DIR, by opening the folder itself (--offline is required
//   when the folder looks held: a server without its socket, or one that died).
// - PostgreSQL (DATABASE_URL): pg_dump --format=custom of the server's schema.
// - Attachments: the files of DATA_DIR/attachments, before and after the database, so a file
//   the dump names is there even if it was uploaded meanwhile (content-addressed: a file never
//   changes, so copying the new ones is enough).
// The manifest is written last: a folder without one is not a backup, and restore refuses it. It
// gives the database file's byte count and SHA-256, which restore checks before it changes anything.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import {
  ATTACHMENTS,
  BACKUP_FORMAT,
  BACKUP_KIND,
  BACKUP_KIND_HEADER,
  BACKUP_SOCKET_NAME,
  MANIFEST,
  PGLITE_BACKUP_KIND,
  PGLITE_FILE,
  POSTGRES_FILE,
  Refusal,
  copyAttachments,
  countAttachments,
  fileSha256,
  fromCaller,
  isEmptyOrMissing,
  libpqUrl,
  parseArgs,
  postgresTarget,
  run,
  runTool,
  serverAnswers,
  serverSettings,
  size,
} from './backup-lib.mjs';

const usage = 'usage: npm run backup -- <new or empty folder> [--offline]';

/**
 * Asks the server holding `dataDir` for its online backup and writes it to `file`.
 * @param {string} dataDir
 * @param {string} file
 * @returns {Promise<{ lockedMs: string | undefined }>}
 */
function onlineBackup(dataDir, file) {
  return new Promise((resolve, reject) => {
    const asking = request(
      { socketPath: path.join(dataDir, BACKUP_SOCKET_NAME), path: '/backup', method: 'POST' },
      (response) => {
        if (response.statusCode !== 200 || response.headers[BACKUP_KIND_HEADER] !== PGLITE_BACKUP_KIND) {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (/** @type {string} */ chunk) => (text += chunk));
          response.on('end', () => {
            reject(new Refusal(`the server refused the backup (HTTP ${response.statusCode ?? '?'}): ${text.trim()}`));
          });
          return;
        }
        const locked = response.headers['x-open-backup-locked-ms'];
        pipeline(response, createWriteStream(file, { flags: 'wx' })).then(
          () => resolve({ lockedMs: typeof locked === 'string' ? locked : undefined }),
          reject,
        );
      },
    );
    asking.on('error', reject);
    asking.end();
  });
}

run('backup', async () => {
  const { positional, flags } = parseArgs(process.argv.slice(2), ['--offline']);
  if (positional.length !== 1 || positional[0] === undefined)
    throw new Refusal(`name one folder to write the backup to.\n${usage}`);
  const target = fromCaller(positional[0]);
  if (!(await isEmptyOrMissing(target))) {
    throw new Refusal(
      `${target} is not empty: a backup goes into a new or empty folder, so nothing of another one is mixed in.`,
    );
  }
  const { dataDir, databaseUrl } = serverSettings();
  const attachmentsFrom = path.join(dataDir, ATTACHMENTS);
  const attachmentsTo = path.join(target, ATTACHMENTS);
  const started = performance.now();

  /** @type {import('./backup-lib.mjs').Manifest['database']} */
  let database;
  if (databaseUrl) {
    const where = await postgresTarget(databaseUrl);
    if (where.tables === 0)
      throw new Refusal(`schema ${where.schema} of database ${where.database} holds no table: nothing to back up.`);
    await mkdir(target, { recursive: true });
    const first = await copyAttachments(attachmentsFrom, attachmentsTo);
    const file = path.join(target, POSTGRES_FILE);
    runTool('pg_dump', [
      '--dbname',
      libpqUrl(databaseUrl),
      '--format=custom',
      '--schema',
      where.schema,
      '--file',
      file,
    ]);
    const bytes = (await stat(file)).size;
    console.log(
      `PostgreSQL: pg_dump --format=custom of schema ${where.schema} of database ${where.database} (server ${where.version}) -> ${file} (${size(bytes)})`,
    );
    database = {
      kind: 'postgres',
      file: POSTGRES_FILE,
      schema: where.schema,
      database: where.database,
      server_version: where.version,
      bytes,
      sha256: await fileSha256(file),
    };
    const second = await copyAttachments(attachmentsFrom, attachmentsTo);
    report(first, second);
  } else {
    const folder = path.join(dataDir, 'pglite');
    if (!existsSync(path.join(folder, 'PG_VERSION')))
      throw new Refusal(`${folder} holds no embedded database: is DATA_DIR (${dataDir}) right?`);
    const online = await serverAnswers(dataDir);
    if (!online && existsSync(path.join(folder, 'postmaster.pid')) && !flags.has('--offline')) {
      throw new Refusal(
        `no server answers on ${path.join(dataDir, BACKUP_SOCKET_NAME)}, yet ${folder} looks held (postmaster.pid): ` +
          'a server may run on it without its backup socket, or the last one stopped without closing it. ' +
          'Stop every server on this DATA_DIR, then run again with --offline.',
      );
    }
    await mkdir(target, { recursive: true });
    const first = await copyAttachments(attachmentsFrom, attachmentsTo);
    const file = path.join(target, PGLITE_FILE);
    if (online) {
      const { lockedMs } = await onlineBackup(dataDir, file);
      console.log(
        `Embedded database: online, through the running server (queries waited ${lockedMs ?? '?'} ms) -> ${file}`,
      );
    } else {
      const pglite = await PGlite.create(folder);
      try {
        const tar = await pglite.dumpDataDir('gzip');
        await writeFile(file, Buffer.from(await tar.arrayBuffer()), { flag: 'wx' });
      } finally {
        await pglite.close();
      }
      console.log(`Embedded database: offline (no server was running on ${dataDir}) -> ${file}`);
    }
    const bytes = (await stat(file)).size;
    database = {
      kind: 'pglite',
      file: PGLITE_FILE,
      mode: online ? 'online' : 'offline',
      bytes,
      sha256: await fileSha256(file),
    };
    console.log(`  ${size(bytes)}, a tarball of ${folder} in PGlite's dump layout, gzipped`);
    const second = await copyAttachments(attachmentsFrom, attachmentsTo);
    report(first, second);
  }

  /** @type {import('./backup-lib.mjs').Manifest} */
  const manifest = {
    kind: BACKUP_KIND,
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    database,
    attachments: await countAttachments(attachmentsTo),
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Backup complete in ${((performance.now() - started) / 1000).toFixed(1)} s: ${target}`);
  console.log(`Restore it with: npm run restore -- ${target}`);
});

/**
 * @param {{ copied: number, bytes: number }} first
 * @param {{ copied: number, bytes: number }} second
 */
function report(first, second) {
  console.log(
    `Attachments: ${first.copied + second.copied} files (${size(first.bytes + second.bytes)}) copied from DATA_DIR/attachments` +
      (second.copied > 0 ? `, ${second.copied} of them uploaded while the database was dumped` : ''),
  );
}
