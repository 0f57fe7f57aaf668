/**
 * A Redis of a test's own (Debian's redis-server), on a free port and in a temporary folder, so a
 * fault test can kill and restart it without touching the machine's shared Redis on 6379, which
 * other tests and engineers use. Nothing is persisted (`--save '' --appendonly no`): a restart
 * comes back empty, as a Redis without persistence does in production.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../harness.js';

export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops it: SIGTERM (a clean shutdown) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port (empty). */
  start(): Promise<void>;
  running(): boolean;
  /** What redis-server printed (for a failing test's message). */
  log(): string;
  /** Stops it at once and removes its folder. */
  close(): Promise<void>;
}

/** Resolves once the port answers PING with PONG. */
async function answersPing(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      let heard = '';
      socket.setTimeout(500, () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk: Buffer) => {
        heard += chunk.toString();
        if (heard.includes('PONG')) {
          socket.destroy();
          resolve(true);
        }
      });
      socket.on('error', () => {
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startPrivateRedis(binary = process.env.REDIS_SERVER ?? 'redis-server'): Promise<PrivateRedis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'open-private-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) throw new Error('redis-server is running');
    const started = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    started.stdout.on('data', keep);
    started.stderr.on('data', keep);
    const exited = new Promise<never>((_resolve, reject) => {
      started.once('exit', (code, signal) => {
        reject(new Error(`redis-server exited (${signal ?? code}) while starting:\n${output}`));
      });
    });
    // A failed start (port taken) must not leave an unhandled rejection once it has started.
    exited.catch(() => undefined);
    await Promise.race([answersPing(port, 10_000), exited]);
  };

  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGKILL') => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill(signal);
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await stop('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    stop,
    start,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    log: () => output,
    async close() {
      await stop('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
