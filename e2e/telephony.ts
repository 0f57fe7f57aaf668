/**
 * The telephone network's side of the trunk tests, all from Debian and all on loopback: the
 * media relay (rtpengine in user space), a carrier played by SIPp, and a far-end telephone
 * (baresip) that plays a tone and records what it hears. Each is the test's own instance, on
 * ports nothing else uses, in a temporary folder it removes.
 *
 * The far end sits on 127.0.0.2 and the server on 127.0.0.1, as a carrier and a node sit on
 * different hosts (the SIP stack takes a request for its own address as one of its flows).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpAndUdpPort } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SIPP_DIR = path.join(root, 'e2e/sipp');
/** Where the carrier and the far end live. */
export const FAR_HOST = '127.0.0.2';

const binaries = {
  rtpengine: '/usr/bin/rtpengine',
  sipp: '/usr/bin/sipp',
  baresip: '/usr/bin/baresip',
  kamailio: '/usr/sbin/kamailio',
};

/** Installs rtpengine, SIPp, baresip and Kamailio from Debian when one is missing (as root). */
export function ensureTelephony(): void {
  if (Object.values(binaries).every((file) => existsSync(file))) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-telephony.mjs')], { stdio: 'inherit' });
}

/** A free TCP and UDP port on `host`, for a SIP listener (both transports). */
export const freeSipPort = freeTcpAndUdpPort;

interface Running {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

function run(command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface RunningRelay {
  /** For RTPENGINE_NG. */
  ng: string;
  output: () => string;
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash or an OOM kill does: no goodbye to anyone. */
  crash(): Promise<void>;
}

/** rtpengine in user space (no kernel module: --table=-1), its ng socket and media ports on loopback. */
export async function startRtpengine(): Promise<RunningRelay> {
  ensureTelephony();
  const ngPort = await freeTcpAndUdpPort();
  // A range of its own, away from the ephemeral ports other processes take.
  const first = 20_000 + Math.floor(Math.random() * 200) * 50;
  const relay = run(binaries.rtpengine, [
    // Not Debian's /etc/rtpengine/rtpengine.conf: its fixed CLI and HTTP ports would clash
    // with a second instance (two test files at once).
    '--config-file=none',
    '--table=-1',
    '--foreground',
    '--log-stderr',
    '--log-level=5',
    '--interface=127.0.0.1',
    `--listen-ng=127.0.0.1:${String(ngPort)}`,
    `--port-min=${String(first)}`,
    `--port-max=${String(first + 49)}`,
    // No recording, no Redis, no pidfile: nothing outside the test.
    '--delete-delay=0',
  ]);
  // Ready once it answers the ng protocol's ping.
  const started = Date.now();
  for (;;) {
    if (relay.child.exitCode !== null) throw new Error(`rtpengine exited: ${relay.output()}`);
    if (await pings(ngPort)) break;
    if (Date.now() - started > 10_000) throw new Error(`rtpengine did not answer: ${relay.output()}`);
  }
  return {
    ng: `127.0.0.1:${String(ngPort)}`,
    output: () => relay.output(),
    stop: () => relay.stop(),
    async crash() {
      if (relay.child.exitCode !== null || relay.child.signalCode !== null) return;
      const exited = new Promise((resolve) => relay.child.once('exit', resolve));
      relay.child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Whether a UDP `datagram` to `host:port`, sent from an address of `from`, draws an answer that
 * `accepted` takes within 300 ms.
 */
function answersWithin300ms(
  target: { host: string; port: number; from: string },
  datagram: (local: { address: string; port: number }) => string,
  accepted: (answer: string) => boolean,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => {
      done(false);
    }, 300);
    socket.on('message', (message) => {
      done(accepted(message.toString()));
    });
    socket.on('error', () => {
      done(false);
    });
    socket.bind(0, target.from, () => {
      socket.send(datagram(socket.address()), target.port, target.host);
    });
  });
}

/** Whether rtpengine answers its ng `ping` on 127.0.0.1:`port`. */
const pings = (port: number) =>
  answersWithin300ms(
    { host: '127.0.0.1', port, from: '127.0.0.1' },
    () => 'p1 d7:command4:pinge',
    (answer) => answer.includes('pong'),
  );

/** Whether anything answers a SIP OPTIONS on `host:port` (403 to a stranger is an answer). */
const answersSip = (host: string, port: number) =>
  answersWithin300ms(
    { host, port, from: '127.0.0.3' },
    (local) =>
      [
        `OPTIONS sip:${host}:${String(port)} SIP/2.0`,
        `Via: SIP/2.0/UDP ${local.address}:${String(local.port)};branch=z9hG4bK${String(Date.now())}`,
        `From: <sip:probe@${local.address}>;tag=probe`,
        `To: <sip:${host}>`,
        `Call-ID: probe-${String(Date.now())}@${local.address}`,
        'CSeq: 1 OPTIONS',
        'Max-Forwards: 70',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    (answer) => answer.startsWith('SIP/2.0'),
  );

export interface RunningEdge {
  /** Where carriers and nodes reach it (UDP and TCP), `host:port`, for SIP_EDGE. */
  address: string;
  host: string;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The SIP edge as a deployment runs it: Debian's Kamailio with deploy/kamailio/kamailio.cfg, in
 * the foreground, logging to stderr, reading the cluster's routes from `redis` under `prefix`,
 * the nodes (each `host:port`) in its dispatcher list.
 */
export async function startEdge(options: {
  host: string;
  redis: { host: string; port: number };
  prefix: string;
  nodes: string[];
}): Promise<RunningEdge> {
  ensureTelephony();
  const dir = await mkdtemp(path.join(tmpdir(), 'open-edge-'));
  const list = path.join(dir, 'nodes.list');
  await writeFile(list, options.nodes.map((node) => `1 sip:${node}\n`).join(''));
  const port = await freeSipPort(options.host);
  const listen = `${options.host}:${String(port)}`;
  const edge = run(
    binaries.kamailio,
    ['-DD', '-E', '-m', '64', '-M', '8', '-f', path.join(root, 'deploy/kamailio/kamailio.cfg'), '-Y', dir],
    undefined,
    {
      EDGE_LISTEN_UDP: `udp:${listen}`,
      EDGE_LISTEN_TCP: `tcp:${listen}`,
      EDGE_REDIS: `name=r;addr=${options.redis.host};port=${String(options.redis.port)}`,
      EDGE_PREFIX: options.prefix,
      EDGE_NODES: list,
    },
  );
  // Ready once it answers an OPTIONS (403 to a stranger is an answer).
  const started = Date.now();
  while (!(await answersSip(options.host, port))) {
    if (edge.child.exitCode !== null) throw new Error(`kamailio exited: ${edge.output()}`);
    if (Date.now() - started > 10_000) throw new Error(`kamailio did not answer: ${edge.output()}`);
  }
  return {
    address: listen,
    host: options.host,
    port,
    output: () => edge.output(),
    async stop() {
      await edge.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A mono 16-bit PCM WAV of a sine tone. */
export function toneWav(frequency: number, seconds: number, sampleRate: number): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)), 44 + i * 2);
  }
  return wav;
}

/** The samples of a mono 16-bit PCM WAV (as baresip's sndfile writes them) and its rate. */
export function readWav(wav: Buffer): { samples: Float64Array; sampleRate: number } {
  let offset = 12;
  let sampleRate = 8000;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      const count = Math.floor(Math.min(size, wav.length - offset - 8) / 2);
      const samples = new Float64Array(count);
      for (let i = 0; i < count; i++) samples[i] = wav.readInt16LE(offset + 8 + i * 2) / 32768;
      return { samples, sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  return { samples: new Float64Array(0), sampleRate };
}

/** The strength of one frequency in the samples (the Goertzel filter), per sample. */
export function goertzel(samples: ArrayLike<number>, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (let i = 0; i < samples.length; i++) {
    const current = (samples[i] ?? 0) + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return Math.sqrt(Math.max(power, 0)) / Math.max(samples.length, 1);
}

export interface FarEnd {
  /** sip:<user>@127.0.0.2:<port> */
  uri: string;
  port: number;
  /** What it decoded from the call (baresip's sndfile dump), once a call has carried audio. */
  heard(): Promise<{ samples: Float64Array; sampleRate: number } | null>;
  /** RFC 4733 events it received, in order ('1', '2', '#'…). */
  dtmf(): string[];
  /** A command to baresip's control socket (dial, hangup, accept). */
  command(name: string, params?: string): Promise<string>;
  output: () => string;
  /**
   * The phone freezes (SIGSTOP): no RTP, no SIP, as a carrier that lost the call without a BYE;
   * what reaches it meanwhile waits in its sockets until `thaw`.
   */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/**
 * A telephone on the carrier's side: baresip answering on its own (answermode=auto) as
 * `user`, its microphone a `toneHz` sine, and everything it hears written to a WAV.
 */
export async function startFarEnd(user: string, toneHz: number): Promise<FarEnd> {
  ensureTelephony();
  const dir = await mkdtemp(path.join(tmpdir(), 'open-farend-'));
  const port = await freeSipPort(FAR_HOST);
  const control = await freeSipPort(FAR_HOST);
  await writeFile(path.join(dir, 'tone.wav'), toneWav(toneHz, 120, 8000));
  const rtpFirst = 30_000 + Math.floor(Math.random() * 200) * 20;
  await writeFile(
    path.join(dir, 'config'),
    [
      'poll_method epoll',
      `sip_listen ${FAR_HOST}:${String(port)}`,
      `audio_source aufile,${path.join(dir, 'tone.wav')}`,
      // No sound card here: sndfile below writes what is heard, the player is never opened.
      `audio_player aufile,${path.join(dir, 'unused.wav')}`,
      `audio_alert aufile,${path.join(dir, 'unused.wav')}`,
      'module_path /usr/lib/baresip/modules',
      'module g711.so',
      'module aufile.so',
      'module sndfile.so',
      'module account.so',
      'module menu.so',
      'module ctrl_tcp.so',
      `ctrl_tcp_listen ${FAR_HOST}:${String(control)}`,
      `snd_path ${dir}`,
      `rtp_ports ${String(rtpFirst)}-${String(rtpFirst + 19)}`,
      '',
    ].join('\n'),
  );
  const uri = `sip:${user}@${FAR_HOST}:${String(port)}`;
  await writeFile(path.join(dir, 'accounts'), `<${uri}>;regint=0;answermode=auto;audio_codecs=PCMU,PCMA\n`);
  const phone = run(binaries.baresip, ['-f', dir], dir);
  const started = Date.now();
  while (!phone.output().includes('baresip is ready')) {
    if (phone.child.exitCode !== null) throw new Error(`baresip exited: ${phone.output()}`);
    if (Date.now() - started > 10_000) throw new Error(`baresip did not start: ${phone.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    uri,
    port,
    async heard() {
      const dumps = (await readdir(dir)).filter((name) => name.endsWith('-dec.wav')).sort();
      const last = dumps.at(-1);
      return last ? readWav(await readFile(path.join(dir, last))) : null;
    },
    dtmf: () => [...phone.output().matchAll(/received event: '(.)' \(end=1\)/g)].map((match) => match[1] ?? ''),
    command: (name, params = '') =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(control, FAR_HOST, () => {
          const body = JSON.stringify({ command: name, params, token: 'test' });
          socket.write(`${String(Buffer.byteLength(body))}:${body},`);
        });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
          if (answer.endsWith(',')) {
            socket.end();
            resolve(answer);
          }
        });
        socket.on('error', reject);
      }),
    output: phone.output,
    freeze() {
      phone.child.kill('SIGSTOP');
    },
    thaw() {
      phone.child.kill('SIGCONT');
    },
    async stop() {
      // A frozen phone would not hear its SIGTERM.
      phone.child.kill('SIGCONT');
      await phone.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface SippRun {
  /** SIPp's exit code: 0 when every call went as its scenario says. */
  exited: Promise<number>;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * SIPp running one call of a scenario in e2e/sipp/: as the carrier (`listen` on `port`, waiting
 * for our INVITE) or as a caller (`call` to `target`), from `host`.
 */
export function sipp(
  scenario: string,
  options: { host?: string; port: number; target?: string; service?: string; extra?: string[] },
): SippRun {
  ensureTelephony();
  const args = [
    '-sf',
    path.join(SIPP_DIR, scenario),
    '-i',
    options.host ?? FAR_HOST,
    '-p',
    String(options.port),
    '-m',
    '1',
    '-nostdin',
    '-timeout',
    '90s',
    '-timeout_error',
    ...(options.service ? ['-s', options.service] : []),
    ...(options.extra ?? []),
    ...(options.target ? [options.target] : []),
  ];
  const running = run(binaries.sipp, args, tmpdir());
  const exited = new Promise<number>((resolve) => {
    running.child.once('exit', (code) => {
      resolve(code ?? -1);
    });
  });
  return { exited, output: () => running.output(), stop: () => running.stop() };
}
