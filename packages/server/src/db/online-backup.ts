/**
 * Online backup of the embedded database (docs/DEPLOY.md, "Backup and restore"). PGlite belongs
 * to the one process that opened its folder, so nothing else may read the folder while the
 * server runs: the server itself takes the copy. It listens on a Unix socket in DATA_DIR
 * (`backup.sock`, mode 0600: only the server's user, who can read the folder anyway, may ask)
 * and answers `POST /backup` with the folder as a tarball in the layout of PGlite's
 * `dumpDataDir()` (which `loadDataDir` and scripts/restore.mjs open), gzipped.
 *
 * Consistency: the dump holds the database's one connection (the dialect queues every other
 * query behind it), runs CHECKPOINT, then reads every file of the folder, so no statement runs
 * in between (PGlite writes only when it runs one); the copy is the folder as it stood at that
 * instant with its WAL, which a restore opens like a restart. The files are read asynchronously:
 * PGlite's own `dumpDataDir()` walks the folder in one synchronous pass, and every request of
 * the node, database or not, waited for it (147–221 ms for the seeded ~40 MB folder, 1.0 s in
 * issue #38's measurement; bench/backup-stall.mjs). Compression happens after the connection
 * is released. `scripts/backup.mjs` is the client; nothing of it goes through the HTTP port, so
 * no proxy in front of the server can reach it.
 */
import { existsSync } from 'node:fs';
import { chmod, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { create as createTar } from 'tar';
import type { Lifecycle } from '../lifecycle.js';
import type { Executor } from './executor.js';

/** The socket's name in DATA_DIR. */
export const BACKUP_SOCKET_NAME = 'backup.sock';
/** What the backup script asks for. */
export const BACKUP_REQUEST_PATH = '/backup';
/** The header naming what the answer holds, so the script can refuse anything else. */
export const BACKUP_KIND_HEADER = 'x-open-backup';
export const PGLITE_BACKUP_KIND = 'pglite-datadir-tar-gzip';

/** A Unix socket path longer than this does not fit in `sockaddr_un` (108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

export interface OnlineBackupLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OnlineBackupDeps {
  db: Executor;
  /** The folder PGlite keeps its files in (DATA_DIR/pglite). */
  folder: string;
  /** DATA_DIR/backup.sock. */
  socketPath: string;
  lifecycle: Lifecycle;
  log: OnlineBackupLog;
}

/**
 * The data folder as one uncompressed tarball, taken while holding the connection: CHECKPOINT,
 * then every file read without blocking the event loop. Answers the tarball and how long
 * queries waited.
 */
export async function dumpEmbeddedDatabase(db: Executor, folder: string): Promise<{ tar: Buffer; lockedMs: number }> {
  return db.connection().execute(async (connection) => {
    const started = performance.now();
    await sql`checkpoint`.execute(connection);
    const tar = await tarFolder(folder);
    return { tar, lockedMs: Math.round(performance.now() - started) };
  });
}

/**
 * `folder` as a tarball named as PGlite names its dump's entries (relative to the data folder),
 * plain ustar with no extended headers, which its loader (tinytar) reads.
 */
async function tarFolder(folder: string): Promise<Buffer> {
  const entries = (await readdir(folder)).sort();
  const chunks: Buffer[] = [];
  for await (const chunk of createTar({ cwd: folder, portable: true, noPax: true }, entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Whether something answers on the socket at `socketPath` (a server holding this DATA_DIR). */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => {
      resolve(false);
    });
  });
}

/**
 * Listens on `socketPath` for backup requests until the lifecycle closes. Answers false (with a
 * warning logged) when it cannot: the path is too long for a socket, or another server already
 * answers there. A socket file left by a process that died is replaced.
 */
export async function startOnlineBackup(deps: OnlineBackupDeps): Promise<boolean> {
  const { db, folder, socketPath, lifecycle, log } = deps;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      { socketPath },
      'online backup unavailable: DATA_DIR is too long a path for its socket; back up with the server stopped',
    );
    return false;
  }
  if (existsSync(socketPath)) {
    if (await socketAnswers(socketPath)) {
      log.warn({ socketPath }, 'online backup unavailable: another server answers on this DATA_DIR backup socket');
      return false;
    }
    await rm(socketPath, { force: true });
  }

  let busy = false;
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== BACKUP_REQUEST_PATH) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`Only POST ${BACKUP_REQUEST_PATH} is answered here.\n`);
      return;
    }
    // One at a time: each holds the whole folder in memory.
    if (busy) {
      response.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is already being taken.\n');
      return;
    }
    busy = true;
    const started = performance.now();
    try {
      const { tar, lockedMs } = await dumpEmbeddedDatabase(db, folder);
      response.writeHead(200, {
        'content-type': 'application/gzip',
        [BACKUP_KIND_HEADER]: PGLITE_BACKUP_KIND,
        'x-open-backup-tar-bytes': String(tar.length),
        'x-open-backup-locked-ms': String(lockedMs),
      });
      await pipeline(Readable.from([tar]), createGzip(), response);
      log.info(
        { tarBytes: tar.length, lockedMs, ms: Math.round(performance.now() - started) },
        'online backup of the embedded database sent',
      );
    } catch (error) {
      log.error({ err: error }, 'online backup failed');
      if (!response.headersSent) {
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
      } else response.destroy();
    } finally {
      busy = false;
    }
  }

  const server = createServer((request, response) => {
    void answer(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  lifecycle.onClose('online backup socket', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
    await rm(socketPath, { force: true });
  });
  return true;
}
