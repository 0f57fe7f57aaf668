// @ts-check
// What `npm run backup` and `npm run restore` share (docs/DEPLOY.md, "Backup and restore"): the
// backup folder's manifest, where the server keeps its data, the embedded database's backup
// socket, PostgreSQL's target and tools, and copying the content-addressed attachments.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';

/** What a backup folder's manifest says it is; anything else is refused by the restore. */
export const BACKUP_KIND = 'open-platform-backup';
export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
export const PGLITE_FILE = 'pglite.tar.gz';
export const POSTGRES_FILE = 'database.pgdump';
export const ATTACHMENTS = 'attachments';
/** As in packages/server/src/db/online-backup.ts. */
export const BACKUP_SOCKET_NAME = 'backup.sock';
export const BACKUP_KIND_HEADER = 'x-open-backup';
export const PGLITE_BACKUP_KIND = 'pglite-datadir-tar-gzip';

/**
 * `sha256` (of the database file) is missing from backups made before restore checked it.
 * @typedef {{ kind: 'pglite', file: string, mode: 'online' | 'offline', bytes: number, sha256?: string }} PgliteEntry
 * @typedef {{ kind: 'postgres', file: string, schema: string, database: string, server_version: string, bytes: number, sha256?: string }} PostgresEntry
 * @typedef {{ kind: typeof BACKUP_KIND, format: number, created_at: string, database: PgliteEntry | PostgresEntry, attachments: { files: number, bytes: number } }} Manifest
 */

/** A refusal: printed as it is, and the script exits 1. */
export class Refusal extends Error {}

/**
 * Runs `main`, printing a refusal (or any failure) on stderr and exiting 1.
 * @param {string} name the script's name, for the messages
 * @param {() => Promise<void>} main
 */
export function run(name, main) {
  main().then(
    () => process.exit(0),
    (/** @type {unknown} */ error) => {
      console.error(
        `${name}: ${error instanceof Refusal ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
}

/**
 * The arguments: positional ones and the flags among `known`; an unknown flag is refused.
 * @param {string[]} argv
 * @param {string[]} known
 */
export function parseArgs(argv, known) {
  /** @type {string[]} */
  const positional = [];
  /** @type {Set<string>} */
  const flags = new Set();
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      if (!known.includes(arg)) throw new Refusal(`unknown option ${arg} (known: ${known.join(', ') || 'none'}).`);
      flags.add(arg);
    } else positional.push(arg);
  }
  return { positional, flags };
}

/**
 * A path as the person typed it: relative to where they ran `npm run` (INIT_CWD), not to the
 * repository root where npm runs the script.
 * @param {string} typed
 */
export function fromCaller(typed) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

/** The server's settings this needs, read as packages/server/src/config.ts reads them. */
export function serverSettings() {
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  return { dataDir, databaseUrl };
}

/** @param {string} dir */
export async function isEmptyOrMissing(dir) {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/**
 * Whether a server answers on the backup socket of `dataDir` (it then holds the embedded database).
 * @param {string} dataDir
 * @returns {Promise<boolean>}
 */
export function serverAnswers(dataDir) {
  const socketPath = path.join(dataDir, BACKUP_SOCKET_NAME);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Copies the attachment files of `from` (`ab/abcdef…`, named by the SHA-256 of their bytes)
 * that `to` lacks. A file of the same name holds the same bytes, so it is skipped: copying what
 * is new is enough. `tmp/` (uploads in progress) is left out.
 * @param {string} from
 * @param {string} to
 */
export async function copyAttachments(from, to) {
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  if (!existsSync(from)) return { copied, skipped, bytes };
  for (const shard of await readdir(from, { withFileTypes: true })) {
    if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
    for (const file of await readdir(path.join(from, shard.name), { withFileTypes: true })) {
      if (!file.isFile() || !/^[0-9a-f]{64}$/.test(file.name)) continue;
      const target = path.join(to, shard.name, file.name);
      if (existsSync(target)) {
        skipped += 1;
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Copied under a temporary name and renamed by the copy itself is not needed: a backup
      // or a data folder is not read while this runs.
      await copyFile(path.join(from, shard.name, file.name), target);
      copied += 1;
      bytes += (await stat(target)).size;
    }
  }
  return { copied, skipped, bytes };
}

/**
 * Files and bytes of the attachments in `dir`.
 * @param {string} dir
 */
export async function countAttachments(dir) {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const shard of await readdir(dir, { withFileTypes: true })) {
    if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
    for (const file of await readdir(path.join(dir, shard.name))) {
      files += 1;
      bytes += (await stat(path.join(dir, shard.name, file))).size;
    }
  }
  return { files, bytes };
}

/**
 * DATABASE_URL as libpq reads it: query parameters percent-encoded (a `+` in
 * `options=-c+search_path%3Dx` is a space to node-postgres but not to pg_dump).
 * @param {string} url
 */
export function libpqUrl(url) {
  const parsed = new URL(url);
  const query = [...parsed.searchParams].map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  parsed.search = query.length > 0 ? `?${query.join('&')}` : '';
  return parsed.toString();
}

/**
 * The schema the server works in on this PostgreSQL (its search_path's first), and whether it
 * holds any table.
 * @param {string} url
 */
export async function postgresTarget(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Refusal(`cannot connect to DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    /** @type {import('pg').QueryResult<{ schema: string | null, database: string, version: string }>} */
    const where = await client.query(
      `select current_schema() as schema, current_database() as database, current_setting('server_version') as version`,
    );
    const row = where.rows[0];
    if (!row?.schema)
      throw new Refusal('DATABASE_URL has no schema to work in (its search_path names none that exists).');
    /** @type {import('pg').QueryResult<{ tables: number }>} */
    const tables = await client.query(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p')`,
      [row.schema],
    );
    return { schema: row.schema, database: row.database, version: row.version, tables: tables.rows[0]?.tables ?? 0 };
  } finally {
    await client.end();
  }
}

/**
 * Runs a PostgreSQL client tool; refuses with its own words when it fails or is missing.
 * @param {string} tool
 * @param {string[]} args
 */
export function runTool(tool, args) {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    const missing = /** @type {NodeJS.ErrnoException} */ (result.error).code === 'ENOENT';
    throw new Refusal(
      missing
        ? `${tool} is not installed: install the PostgreSQL client tools of the server's major version (Debian: postgresql-client).`
        : `${tool} failed: ${result.error.message}`,
    );
  }
  if (result.status !== 0) throw new Refusal(`${tool} failed (exit ${result.status}):\n${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * The manifest of the backup in `dir`, checked: a folder that is not a complete backup of this
 * product (no manifest, another kind, another format, its database file missing) is refused.
 * @param {string} dir
 * @returns {Promise<Manifest>}
 */
export async function readManifest(dir) {
  if (!existsSync(dir)) throw new Refusal(`${dir} does not exist.`);
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) {
    throw new Refusal(`${dir} is not a backup: it has no ${MANIFEST} (a backup that did not finish has none either).`);
  }
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new Refusal(`${file} is not JSON.`);
  }
  const manifest = /** @type {Partial<Manifest>} */ (parsed);
  if (manifest.kind !== BACKUP_KIND)
    throw new Refusal(
      `${dir} is not a backup of the open platform (${MANIFEST} says kind ${JSON.stringify(manifest.kind)}).`,
    );
  if (manifest.format !== BACKUP_FORMAT)
    throw new Refusal(
      `${dir} is a backup of format ${String(manifest.format)}; this restore reads format ${BACKUP_FORMAT}.`,
    );
  const database = manifest.database;
  if (!database || (database.kind !== 'pglite' && database.kind !== 'postgres')) {
    throw new Refusal(`${MANIFEST} of ${dir} names no database.`);
  }
  if (!existsSync(path.join(dir, database.file)))
    throw new Refusal(`${dir} lacks ${database.file}, the database it names.`);
  if (!Number.isSafeInteger(database.bytes) || database.bytes < 0)
    throw new Refusal(`${MANIFEST} of ${dir} gives no byte count for ${database.file}.`);
  if (database.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(database.sha256))
    throw new Refusal(`${MANIFEST} of ${dir} gives a malformed sha256 for ${database.file}.`);
  return /** @type {Manifest} */ (manifest);
}

/**
 * The SHA-256 of a file, hex, read as a stream (a database file may be larger than memory).
 * @param {string} file
 */
export async function fileSha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(/** @type {Buffer} */ (chunk));
  return hash.digest('hex');
}

/**
 * Checks the backup's database file against its manifest before a restore changes anything,
 * refusing a damaged one: its byte count, then its SHA-256. A backup made before the manifest
 * had a checksum gets its embedded database's gzip read to the end instead, whose CRC catches
 * what a byte count cannot. Returns what was checked, for the output.
 * @param {string} dir
 * @param {Manifest} manifest
 */
export async function checkDatabaseFile(dir, manifest) {
  const { file, bytes, sha256, kind } = manifest.database;
  const where = path.join(dir, file);
  /** @param {string} what */
  const damaged = (what) => new Refusal(`${where} is damaged: ${what}. Nothing was changed.`);
  const actual = (await stat(where)).size;
  if (actual !== bytes) {
    throw damaged(`it is ${actual} bytes where ${MANIFEST} says ${bytes} (cut short, or changed since the backup)`);
  }
  if (sha256 !== undefined) {
    if ((await fileSha256(where)) !== sha256) {
      throw damaged(`its SHA-256 is not the one ${MANIFEST} gives (changed since the backup, or the manifest was)`);
    }
    return `${where}: ${size(bytes)}, SHA-256 as in ${MANIFEST}`;
  }
  if (kind !== 'pglite') return `${where}: ${size(bytes)} (${MANIFEST} has no checksum: a backup of before them)`;
  let unpacked = 0;
  try {
    await pipeline(createReadStream(where), createGunzip(), async (/** @type {AsyncIterable<Buffer>} */ source) => {
      for await (const chunk of source) unpacked += chunk.length;
    });
  } catch (error) {
    throw damaged(`it does not decompress (${oneLine(error)})`);
  }
  return `${where}: ${size(bytes)}, read to the end to check it decompresses (${size(unpacked)}), as ${MANIFEST} has no checksum (a backup of before them)`;
}

/**
 * An error's message on one line, for a refusal that says what failed without a stack.
 * @param {unknown} error
 */
export function oneLine(error) {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

/** @param {number} bytes */
export function size(bytes) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
