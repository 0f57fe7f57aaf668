#!/usr/bin/env node
// @ts-check
// `npm run restore -- <backup folder> [--force]`: puts a backup made by `npm run backup` back
// (docs/DEPLOY.md, "Backup and restore"), into DATA_DIR or the PostgreSQL of DATABASE_URL as the
// server would read them. Refuses a folder that is not a complete backup, a backup of the other
// kind of database, a target in use by a running server, a target that already holds data
// unless --force is given, and a database file whose byte count or SHA-256 is not the one in the
// manifest, all before changing anything. Start the server afterwards: it runs any newer migrations.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ATTACHMENTS,
  BACKUP_SOCKET_NAME,
  Refusal,
  checkDatabaseFile,
  copyAttachments,
  fromCaller,
  isEmptyOrMissing,
  libpqUrl,
  oneLine,
  parseArgs,
  postgresTarget,
  readManifest,
  run,
  runTool,
  serverAnswers,
  serverSettings,
  size,
} from './backup-lib.mjs';

const usage = 'usage: npm run restore -- <backup folder> [--force]';

run('restore', async () => {
  const { positional, flags } = parseArgs(process.argv.slice(2), ['--force']);
  if (positional.length !== 1 || positional[0] === undefined)
    throw new Refusal(`name the backup folder to restore.\n${usage}`);
  const source = fromCaller(positional[0]);
  const manifest = await readManifest(source);
  if (!existsSync(path.join(source, ATTACHMENTS)) && manifest.attachments.files > 0) {
    throw new Refusal(`${source} lacks its ${ATTACHMENTS} folder, which held ${manifest.attachments.files} files.`);
  }
  const force = flags.has('--force');
  const { dataDir, databaseUrl } = serverSettings();
  const backupFile = path.join(source, manifest.database.file);
  console.log(
    `Backup of ${manifest.created_at} (${manifest.database.kind}, ${manifest.attachments.files} attachments) from ${source}`,
  );

  if (manifest.database.kind === 'pglite') {
    if (databaseUrl) {
      throw new Refusal(
        'this is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset it to restore into DATA_DIR.',
      );
    }
    if (await serverAnswers(dataDir)) {
      throw new Refusal(`a server is running on ${dataDir} (it answers on ${BACKUP_SOCKET_NAME}): stop it first.`);
    }
    const folder = path.join(dataDir, 'pglite');
    const held = !(await isEmptyOrMissing(folder));
    if (held && !force) {
      throw new Refusal(
        `${folder} already holds a database: restore into an empty DATA_DIR, or give --force to set it aside and replace it.`,
      );
    }
    console.log(`Checked ${await checkDatabaseFile(source, manifest)}`);
    await restorePglite(backupFile, folder, held, () => restoreAttachments(source, dataDir));
  } else {
    if (!databaseUrl) {
      throw new Refusal(
        `this is a backup of a PostgreSQL database (schema ${manifest.database.schema}), but DATABASE_URL is not set: set it to the database to restore into.`,
      );
    }
    const expected = manifest.database.schema;
    const where = await postgresTarget(databaseUrl).catch(async (/** @type {unknown} */ error) => {
      // The schema may not exist yet: then current_schema() names none. Ask again knowing its name.
      if (error instanceof Refusal && /no schema/.test(error.message)) return undefined;
      throw error;
    });
    const schema = where?.schema ?? expected;
    if (schema !== expected) {
      throw new Refusal(
        `this backup holds schema ${expected}, but DATABASE_URL works in schema ${schema}: pg_restore recreates a schema under its own name. ` +
          `Point DATABASE_URL at ${expected} (options=-c%20search_path%3D${expected}), in a new database if that schema is in use.`,
      );
    }
    if (where && where.tables > 0 && !force) {
      throw new Refusal(
        `schema ${schema} of database ${where.database} already holds ${where.tables} tables: restore into an empty schema, or give --force to replace what the backup holds.`,
      );
    }
    console.log(`Checked ${await checkDatabaseFile(source, manifest)}`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${pg.escapeIdentifier(schema)}`);
      // The dump is of the schema alone, and search's trigram index names pg_trgm's operator
      // class in public, where the server's migration puts it (docs/DEPLOY.md): a new database
      // needs the extension before the restore can build that index.
      await client.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await client.end();
    }
    // The schema exists (created above or before): restore everything but its creation.
    const list = runTool('pg_restore', ['--list', backupFile])
      .split('\n')
      .filter((line) => !/^\d+; \d+ \d+ SCHEMA - /.test(line))
      .join('\n');
    const workdir = await mkdtemp(path.join(tmpdir(), 'open-restore-'));
    try {
      const listFile = path.join(workdir, 'restore.list');
      await writeFile(listFile, list);
      runTool('pg_restore', [
        '--dbname',
        libpqUrl(databaseUrl),
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        '--use-list',
        listFile,
        backupFile,
      ]);
    } finally {
      await rm(workdir, { recursive: true, force: true });
    }
    const after = await postgresTarget(databaseUrl);
    console.log(
      `PostgreSQL: pg_restore of ${backupFile} into schema ${schema} of database ${after.database} (${after.tables} tables)`,
    );
    await restoreAttachments(source, dataDir);
  }
  console.log('Restore complete. Start the server on it; it runs any migrations newer than the backup.');
});

/**
 * Copies the backup's attachments into DATA_DIR. Content-addressed: a file already there under
 * its name holds the same bytes, so only the missing ones are copied, and files the database
 * does not name are harmless.
 * @param {string} source
 * @param {string} dataDir
 */
async function restoreAttachments(source, dataDir) {
  const attachmentsTo = path.join(dataDir, ATTACHMENTS);
  const copied = await copyAttachments(path.join(source, ATTACHMENTS), attachmentsTo);
  console.log(
    `Attachments: ${copied.copied} files (${size(copied.bytes)}) copied into ${attachmentsTo}, ${copied.skipped} already there`,
  );
}

/**
 * Unpacks the embedded database's archive into a folder of its own beside `folder`, starts it
 * once and copies the attachments, then swaps it in: the live database is only moved once
 * nothing else can fail, and a failure at any step leaves (or puts) it back where it was, said
 * in one line.
 * @param {string} backupFile
 * @param {string} folder DATA_DIR/pglite
 * @param {boolean} held whether `folder` holds a database (replaced under --force)
 * @param {() => Promise<void>} attachments copies the backup's attachments
 */
async function restorePglite(backupFile, folder, held, attachments) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${folder}.restoring-${stamp}`;
  const unchanged = `Nothing was changed: ${folder} is as it was.`;
  try {
    await mkdir(staging, { recursive: true });
    console.log(`Embedded database: ${backupFile} unpacked and started (${await unpack(backupFile, staging)} tables)`);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new Refusal(`${backupFile} did not unpack into a working database (${oneLine(error)}). ${unchanged}`);
  }
  try {
    await attachments();
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // The files copied so far are harmless: only the database of the backup names them.
    throw new Refusal(`could not copy the attachments (${oneLine(error)}). ${unchanged}`);
  }
  const aside = `${folder}.replaced-${stamp}`;
  try {
    if (held) await rename(folder, aside);
    // An empty folder is in the way of the rename; a folder that is no longer empty stops it.
    else if (existsSync(folder)) await rmdir(folder);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new Refusal(`could not set ${folder} aside (${oneLine(error)}). ${unchanged}`);
  }
  try {
    await rename(staging, folder);
  } catch (error) {
    const failure = `could not move the restored database into ${folder} (${oneLine(error)})`;
    await rm(staging, { recursive: true, force: true });
    if (!held) throw new Refusal(`${failure}. Nothing was restored.`);
    const putBack = await rename(aside, folder).then(
      () => undefined,
      (/** @type {unknown} */ again) => oneLine(again),
    );
    if (putBack === undefined) {
      throw new Refusal(`${failure}; the database that was there is back in ${folder}, as it was.`);
    }
    throw new Refusal(
      `${failure}, nor put the database that was there back (${putBack}): it is in ${aside}; move it to ${folder} before starting the server.`,
    );
  }
  console.log(`Embedded database: moved into ${folder}`);
  if (held) {
    console.log(`--force: the database that was there is kept in ${aside} (delete it once the restore is checked)`);
  }
}

/**
 * PGlite unpacks the tarball into the empty `folder` and starts on it (recovering from the WAL
 * as a restart would), then closes it cleanly for the server. Returns the tables it holds.
 * @param {string} backupFile
 * @param {string} folder
 */
async function unpack(backupFile, folder) {
  const tarball = new Blob([await readFile(backupFile)], { type: 'application/x-gzip' });
  const pglite = await PGlite.create(folder, { loadDataDir: tarball });
  try {
    const { rows } = await pglite.query(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    return String(/** @type {{ n?: number } | undefined} */ (rows[0])?.n ?? 0);
  } finally {
    await pglite.close();
  }
}
