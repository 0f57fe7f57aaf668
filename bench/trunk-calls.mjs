#!/usr/bin/env node
// @ts-check
// Calls on a SIP trunk (issue #24): N agents in Chromium, each in a call to the carrier through
// the built server (SIP, the engine) and Debian's rtpengine (WebRTC with DTLS-SRTP on the
// agent's side, plain RTP with G.711 on the carrier's), the carrier played by SIPp, which
// echoes the media it hears. Measured over a window of the calls: the CPU and memory of the
// server and of rtpengine, per call, above the same agents signed in with no call.
// The reference, in the same run: rtpengine alone relaying the same number of calls' G.711
// between two plain RTP endpoints (50 packets a second each way, as the calls carry), set up
// over its ng protocol with no SIP and no server. What a trunk call costs beyond relaying its
// packets is the DTLS-SRTP and ICE of the browser's side and the server's signalling.
// Run: npm run build && npm run bench:trunk-calls
// BENCH_N (default 5,10): concurrent calls; BENCH_WINDOW_SECONDS (15).
import { createSocket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMillis, requireBuiltServer, root, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';
import {
  admin,
  createAgent,
  freeUdpPort,
  launchChromium,
  pointTrunkAt,
  run,
  signInAtEmbed,
  startRelay,
  startTelephonyServer,
} from './trunk/parts.mjs';

const NS = (process.env.BENCH_N ?? '5,10').split(',').map((value) => Number(value.trim()));
const WINDOW_S = Number(process.env.BENCH_WINDOW_SECONDS ?? 15);
const FAR = '127.0.0.2';

requireBuiltServer();

/** Resident memory of a process, in MB (/proc, Linux). @param {number} pid */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * CPU (ms a second, so 10 is 1% of a core) and memory of each process over the window.
 * @template {string} K
 * @param {Record<K, number>} pids
 * @returns {Promise<Record<K, { cpu: number, rss: number }>>}
 */
async function measure(pids) {
  const entries = /** @type {[K, number][]} */ (Object.entries(pids));
  const before = await Promise.all(entries.map(([, pid]) => cpuMillis(pid)));
  await sleep(WINDOW_S * 1000);
  const out = /** @type {Record<K, { cpu: number, rss: number }>} */ ({});
  for (const [i, [name, pid]] of entries.entries()) {
    out[name] = { cpu: ((await cpuMillis(pid)) - (before[i] ?? 0)) / WINDOW_S, rss: await rssMb(pid) };
  }
  return out;
}

/**
 * Trunk calls: N agents, each in its own page of one Chromium, dial the carrier (SIPp,
 * echoing the media) and stay in the call.
 * @param {number} n
 */
async function trunkCalls(n) {
  const { relay, server, stop } = await startTelephonyServer('bench-trunk-');
  const carrierPort = await freeUdpPort(FAR);
  const mediaPort = await freeUdpPort(FAR);
  const carrier = run('/usr/bin/sipp', [
    '-sf',
    path.join(root, 'bench/trunk/carrier-echo.xml'),
    '-i',
    FAR,
    '-p',
    String(carrierPort),
    '-mp',
    String(mediaPort),
    '-rtp_echo',
    '-m',
    String(n),
    '-nostdin',
  ]);
  const { call, tenantId } = await admin(server.url);
  await pointTrunkAt(call, tenantId, FAR, carrierPort);
  for (let i = 1; i <= n; i++) {
    await createAgent(call, tenantId, { name: `Trunk bench ${i}`, employeeNo: `TB${i}`, extension: String(7100 + i) });
  }
  const browser = await launchChromium();
  const pages = [];
  for (let i = 1; i <= n; i++) {
    const page = await (await browser.newContext()).newPage();
    await signInAtEmbed(page, server.url, `TB${i}`);
    pages.push(page);
  }
  const pids = { server: server.pid, rtpengine: relay.pid };
  await sleep(2000);
  const idle = await measure(pids);
  for (const [i, page] of pages.entries()) {
    await page.evaluate(
      (number) => /** @type {any} */ (globalThis).phone.call('dialOut', { number }),
      `+86138${String(i).padStart(8, '0')}`,
    );
  }
  // Every call talking, and its media flowing for a few seconds, before the window.
  const deadline = Date.now() + 30_000;
  for (const page of pages) {
    for (;;) {
      const status = await page.evaluate(
        async () => (await /** @type {any} */ (globalThis).phone.call('getState', {})).calls[0]?.call_status,
      );
      if (status === 'talking') break;
      if (Date.now() > deadline) throw new Error(`a call did not connect: ${carrier.output().slice(-2000)}`);
      await sleep(200);
    }
  }
  await sleep(3000);
  const during = await measure(pids);
  const relayed = await relay.client.command('list', { limit: 1000 });
  for (const page of pages) await page.evaluate(() => /** @type {any} */ (globalThis).phone.call('hangUp', {}));
  await sleep(1000);
  await browser.close();
  await carrier.stop();
  await stop();
  return { idle, during, calls: Array.isArray(relayed.calls) ? relayed.calls.length : NaN };
}

/** A G.711 RTP packet: 12 bytes of header, 160 bytes of payload (20 ms). @param {number} seq @param {number} ssrc */
function rtpPacket(seq, ssrc) {
  const packet = Buffer.alloc(172, 0xff);
  packet[0] = 0x80;
  packet[1] = 0;
  packet.writeUInt16BE(seq & 0xffff, 2);
  packet.writeUInt32BE((seq * 160) >>> 0, 4);
  packet.writeUInt32BE(ssrc, 8);
  return packet;
}

/**
 * The reference: rtpengine relaying N calls between two plain RTP endpoints per call, set up
 * with offer and answer over ng, fed 50 packets a second each way.
 * @param {number} n
 */
async function relayAlone(n) {
  const relay = await startRelay();
  /** @type {import('node:dgram').Socket[]} */
  const sockets = [];
  /** @type {NodeJS.Timeout[]} */
  const timers = [];
  const open = async () => {
    const socket = createSocket('udp4');
    await new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(undefined)));
    socket.on('message', () => undefined);
    sockets.push(socket);
    return socket;
  };
  /** @param {number} port */
  const sdp = (port) =>
    `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio ${port} RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\na=sendrecv\r\n`;
  const portOf = (/** @type {string} */ text) => Number(/m=audio (\d+)/.exec(text)?.[1]);
  for (let i = 0; i < n; i++) {
    const a = await open();
    const b = await open();
    const callId = randomBytes(8).toString('hex');
    const offer = await relay.client.command('offer', {
      'call-id': callId,
      'from-tag': 'a',
      sdp: sdp(a.address().port),
      replace: ['origin', 'session-connection'],
    });
    const answer = await relay.client.command('answer', {
      'call-id': callId,
      'from-tag': 'a',
      'to-tag': 'b',
      sdp: sdp(b.address().port),
      replace: ['origin', 'session-connection'],
    });
    // a sends to the port the offer gave b (the relay's side facing b's peer), and the other way.
    const towardsB = portOf(answer.sdp);
    const towardsA = portOf(offer.sdp);
    let seq = 0;
    const ssrcA = randomBytes(4).readUInt32BE(0);
    const ssrcB = randomBytes(4).readUInt32BE(0);
    timers.push(
      setInterval(() => {
        seq += 1;
        a.send(rtpPacket(seq, ssrcA), towardsB, '127.0.0.1');
        b.send(rtpPacket(seq, ssrcB), towardsA, '127.0.0.1');
      }, 20),
    );
  }
  await sleep(3000);
  const during = await measure({ rtpengine: relay.pid });
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.close();
  await relay.client.close();
  await relay.stop();
  return during;
}

console.log(
  `Trunk calls through the server and rtpengine, against rtpengine alone relaying plain RTP; window ${WINDOW_S} s.`,
);
const done = watchLoad('the trunk calls');
/** @type {import('./lib.mjs').SummaryFigure[]} */
const figures = [];
for (const n of NS) {
  const trunk = await trunkCalls(n);
  const alone = await relayAlone(n);
  const perCall = (/** @type {number} */ during, /** @type {number} */ idle) => (during - idle) / n;
  const serverCpu = perCall(trunk.during.server.cpu, trunk.idle.server.cpu);
  const relayCpu = perCall(trunk.during.rtpengine.cpu, trunk.idle.rtpengine.cpu);
  const serverRss = perCall(trunk.during.server.rss, trunk.idle.server.rss);
  const relayRss = perCall(trunk.during.rtpengine.rss, trunk.idle.rtpengine.rss);
  const aloneCpu = alone.rtpengine.cpu / n;
  console.log(`\n${n} concurrent calls (rtpengine listed ${trunk.calls} calls during the window)`);
  console.log(
    `  trunk call: server ${(serverCpu / 10).toFixed(2)}% of a core and ${serverRss.toFixed(2)} MB per call; ` +
      `rtpengine ${(relayCpu / 10).toFixed(2)}% of a core and ${relayRss.toFixed(2)} MB per call`,
  );
  console.log(
    `    (server ${trunk.idle.server.cpu.toFixed(1)} → ${trunk.during.server.cpu.toFixed(1)} ms/s, ${trunk.idle.server.rss.toFixed(1)} → ${trunk.during.server.rss.toFixed(1)} MB; rtpengine ${trunk.idle.rtpengine.cpu.toFixed(1)} → ${trunk.during.rtpengine.cpu.toFixed(1)} ms/s, ${trunk.idle.rtpengine.rss.toFixed(1)} → ${trunk.during.rtpengine.rss.toFixed(1)} MB)`,
  );
  console.log(
    `  reference, rtpengine alone relaying plain RTP: ${(aloneCpu / 10).toFixed(2)}% of a core per call (${alone.rtpengine.cpu.toFixed(1)} ms/s, ${alone.rtpengine.rss.toFixed(1)} MB)`,
  );
  console.log(
    `  ratio: rtpengine per trunk call / per plain call ${(relayCpu / aloneCpu).toFixed(2)}; ` +
      `server and rtpengine per trunk call / rtpengine per plain call ${((serverCpu + relayCpu) / aloneCpu).toFixed(2)}`,
  );
  figures.push(
    {
      figure: `relay CPU per trunk call (${n} calls)`,
      ours: relayCpu / 10,
      reference: aloneCpu / 10,
      unit: '% core',
      better: 'lower',
    },
    {
      figure: `server + relay CPU per trunk call (${n} calls)`,
      ours: (serverCpu + relayCpu) / 10,
      reference: aloneCpu / 10,
      unit: '% core',
      better: 'lower',
    },
  );
}
const load = done();
writeSummary('trunk-calls', figures, load);
