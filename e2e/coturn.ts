/**
 * A private coturn for browser tests: Debian's `turnserver` (installed by
 * scripts/ensure-coturn.mjs when missing) on loopback, a free port, the TURN REST API's shared
 * secret (`use-auth-secret`), no TLS, no CLI, no configuration file, its log in a temporary
 * folder the test reads to see what it relayed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpAndUdpPort } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

export interface RunningTurn {
  port: number;
  secret: string;
  realm: string;
  /** `turn:127.0.0.1:<port>?transport=udp`, for ICE_SERVERS. */
  url: string;
  log: () => Promise<string>;
  stop(): Promise<void>;
}

/** Installs coturn when it is missing (apt-get, as root). */
export function ensureCoturn(): void {
  if (existsSync(TURNSERVER)) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-coturn.mjs')], { stdio: 'inherit' });
}

/** Whether a STUN Binding request to the port gets a success response (RFC 5389). */
function answersStun(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0);
    request.writeUInt16BE(0, 2);
    request.writeUInt32BE(0x2112a442, 4);
    randomBytes(12).copy(request, 8);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => {
      done(false);
    }, 300);
    socket.on('message', (message) => {
      done(message.readUInt16BE(0) === 0x0101 && message.subarray(8, 20).equals(request.subarray(8, 20)));
    });
    socket.on('error', () => {
      done(false);
    });
    socket.send(request, port, '127.0.0.1');
  });
}

/** Starts coturn; resolves once it answers STUN on its port. */
export async function startCoturn(): Promise<RunningTurn> {
  ensureCoturn();
  const dir = await mkdtemp(path.join(tmpdir(), 'open-turn-'));
  // coturn listens on TCP and UDP both.
  const port = await freeTcpAndUdpPort();
  const secret = randomBytes(24).toString('base64url');
  const realm = 'open.test';
  const logFile = path.join(dir, 'turn.log');
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      // Not /etc/turnserver.conf: this server is the test's alone.
      '-n',
      // Verbose: each allocation, refresh and its usage (bytes relayed) is logged, for the test to read.
      '--verbose',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${String(port)}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      `--realm=${realm}`,
      // Both browsers' relays are on loopback: coturn refuses loopback peers unless told.
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      `--log-file=${logFile}`,
      // One file under that exact name, not one per day.
      '--simple-log',
      '--no-stdout-log',
      `--pidfile=${path.join(dir, 'turn.pid')}`,
      `--userdb=${path.join(dir, 'turndb')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await answersStun(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = `turnserver did not start (exit ${String(child.exitCode)}):\n${output}\n${await log()}`;
      await stop();
      throw new Error(why);
    }
  }
  return { port, secret, realm, url: `turn:127.0.0.1:${String(port)}?transport=udp`, log, stop };
}
