/**
 * A PostgreSQL cluster of a test's own, from the machine's binaries, in a temporary folder and on
 * a free port, so a fault test can stop, kill and restart it without touching the machine's
 * shared cluster (127.0.0.1:5432, which other tests and engineers use).
 *
 * initdb and postgres refuse to run as root, so under root every command runs as the `postgres`
 * user (runuser) in a folder it owns; under any other user they run as that user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../harness.js';

/** How `pg_ctl stop` ends the cluster: wait for clients, end their sessions, or crash-stop. */
export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PrivatePostgres {
  /** Connection string to the cluster's `postgres` database, as the superuser `postgres`, no password. */
  readonly url: string;
  readonly port: number;
  /** The temporary folder: data in `data/`, the server log in `postgres.log`, the unix socket here. */
  readonly dir: string;
  /** The same cluster, another database (which `createDatabase` makes). */
  urlOf(database: string): string;
  /** Creates an empty database owned by `postgres`. */
  createDatabase(database: string): Promise<void>;
  /** Stops the cluster (default `fast`); `immediate` is a crash as far as the data is concerned. */
  stop(mode?: StopMode): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Whether the postmaster is running. */
  running(): Promise<boolean>;
  /** The server log so far (for a failing test's message). */
  log(): Promise<string>;
  /** Stops it at once and removes the folder. */
  close(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /** Folder of initdb, pg_ctl and postgres; PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
  binDir?: string;
  /** Extra `-c name=value` settings for the server. */
  settings?: Record<string, string>;
}

function defaultBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = majors;
  if (newest === undefined) throw new Error(`no PostgreSQL binaries under ${root}; set PG_BIN`);
  return path.join(root, newest, 'bin');
}

function run(file: string, args: string[], asPostgres: boolean): Promise<string> {
  const [command, commandArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    // pg_ctl start leaves the postmaster holding our pipes unless its output goes to a file (-l).
    execFile(command, commandArgs, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${path.basename(file)} ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const ids = await new Promise<string>((resolve, reject) => {
    execFile('id', ['postgres'], (error, stdout) => {
      if (error) reject(new Error('running as root needs a `postgres` user to run PostgreSQL as'));
      else resolve(stdout);
    });
  });
  const uid = /uid=(\d+)/.exec(ids)?.[1];
  const gid = /gid=(\d+)/.exec(ids)?.[1];
  if (uid === undefined || gid === undefined) throw new Error(`cannot read the postgres user's ids: ${ids}`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** Creates, starts and returns a private cluster; `close()` it when done. */
export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = options.binDir ?? defaultBinDir();
  const asPostgres = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'open-private-pg-'));
  if (asPostgres) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  const settings: Record<string, string> = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    // A test cluster: small, and quick to stop and start.
    shared_buffers: '16MB',
    max_connections: '60',
    ...options.settings,
  };
  const serverOptions = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pgCtl = (args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args], asPostgres);

  try {
    // --no-sync: the cluster lives as long as the test; fsync stays on in the server itself, so a
    // crash-stop is as real as on a production cluster.
    await run(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      asPostgres,
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const running = async () => {
    try {
      await pgCtl(['status']);
      return true;
    } catch {
      return false;
    }
  };
  const start = async () => {
    await pgCtl(['start', '-w', '-t', '60', '-l', logFile, '-o', serverOptions]);
  };
  const stop = async (mode: StopMode = 'fast') => {
    await pgCtl(['stop', '-w', '-t', '60', '-m', mode]);
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  // A test run that ends without close() (a crash, an interrupted run) must not leave a
  // postmaster behind: the exit handler can only run synchronous code.
  const stopOnExit = () => {
    const [command, args] = asPostgres
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, 'stop', '-m', 'immediate']]
      : [path.join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'immediate']];
    try {
      execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    } catch {
      // Not running: nothing to stop.
    }
  };
  process.once('exit', stopOnExit);

  try {
    await start();
  } catch (error) {
    process.off('exit', stopOnExit);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    port,
    dir,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(database) {
      if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`not a plain database name: ${database}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${database}`);
      } finally {
        await client.end();
      }
    },
    stop,
    start,
    running,
    log: () => readFile(logFile, 'utf8').catch(() => ''),
    async close() {
      process.off('exit', stopOnExit);
      if (await running()) await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The short name other fault tests use: `start()` a private cluster. */
export const start = startPrivatePostgres;
