#!/usr/bin/env node
// @ts-check
// Post-dial delay (issue #39, item 9): from an agent's dial to the INVITE at the carrier, and
// where the time goes. An agent in Chromium (the embed example, fake microphone) dials through
// the built server and Debian's rtpengine; the carrier is a socket of this script that notes
// when each INVITE arrives and answers 486, so each round ends at once. The phone's frame is
// instrumented (an init script) to mark when it asks for the microphone, has it, has its offer,
// and sends it with the ICE candidates the relay uses; the rest, from the offer's frame on the
// socket to the INVITE, is the B2BUA's own share (the engine, rtpengine's offer, the SIP stack):
// the reference the phone's share is compared with, in the same run. BENCH_MARKS=1 prints
// each dial's marks, candidates included.
// Run: npm run build && npm run bench:post-dial-delay
// BENCH_ROUNDS (default 15): dials, one after another.
import { createSocket } from 'node:dgram';
import { setTimeout as sleep } from 'node:timers/promises';
import { requireBuiltServer, writeSummary } from './lib.mjs';
import { watchLoad } from './load.mjs';
import {
  admin,
  createAgent,
  launchChromium,
  pointTrunkAt,
  signInAtEmbed,
  startTelephonyServer,
} from './trunk/parts.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FAR = '127.0.0.2';

requireBuiltServer();

/** The carrier: the time each INVITE arrived, by the number it calls; every call refused busy. */
async function startCarrier() {
  const socket = createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, FAR, () => resolve(undefined)));
  /** @type {Map<string, number>} */
  const invites = new Map();
  socket.on('message', (message, from) => {
    const at = Date.now();
    const text = message.toString();
    if (!text.startsWith('INVITE ')) return;
    const number = /^INVITE sip:([^@;]+)/.exec(text)?.[1] ?? '';
    if (!invites.has(number)) invites.set(number, at);
    /** @param {string} name */
    const lines = (name) => text.split('\r\n').filter((line) => line.toLowerCase().startsWith(`${name}:`));
    const response = [
      'SIP/2.0 486 Busy Here',
      ...lines('via'),
      ...lines('from'),
      `${lines('to')[0] ?? ''};tag=bench-carrier`,
      ...lines('call-id'),
      ...lines('cseq'),
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n');
    socket.send(response, from.port, from.address);
  });
  return { port: socket.address().port, invites, close: () => socket.close() };
}

/** Marks the phone's frame keeps of its media work, read back per round. */
function instrument() {
  const marks = /** @type {[string, number][]} */ ([]);
  Object.assign(globalThis, { __postDialMarks: marks });
  const media = navigator.mediaDevices;
  if (media) {
    const open = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      marks.push(['microphoneAsked', Date.now()]);
      const stream = await open(constraints);
      marks.push(['microphoneOpen', Date.now()]);
      return stream;
    };
  }
  // The offer leaving for the server: the first rtcSignal frame on the phone's socket.
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('rtcSignal') && data.includes('"offer"'))
      marks.push(['offerSent', Date.now()]);
    return send.call(this, data);
  };
  const Original = globalThis.RTCPeerConnection;
  if (!Original) return;
  globalThis.RTCPeerConnection = class extends Original {
    /** @param {RTCConfiguration} [configuration] */
    constructor(configuration) {
      super(configuration);
      this.addEventListener('icecandidate', (event) => {
        if (event.candidate)
          marks.push([
            `candidate ${event.candidate.type ?? '?'} ${event.candidate.protocol ?? '?'} ${event.candidate.address ?? '?'}`,
            Date.now(),
          ]);
      });
      this.addEventListener('icegatheringstatechange', () => {
        if (this.iceGatheringState === 'complete') marks.push(['gathered', Date.now()]);
      });
    }
    /** @override @param {RTCLocalSessionDescriptionInit} [description] */
    async setLocalDescription(description) {
      await super.setLocalDescription(description);
      marks.push(['described', Date.now()]);
    }
  };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

console.log(`Post-dial delay on a SIP trunk: ${ROUNDS} dials, one after another, each to the INVITE at the carrier.`);
const done = watchLoad('the dials');
const { server, stop } = await startTelephonyServer('bench-pdd-');
const carrier = await startCarrier();
const { call, tenantId } = await admin(server.url);
await pointTrunkAt(call, tenantId, FAR, carrier.port);
await createAgent(call, tenantId, { name: 'Post-dial bench', employeeNo: 'PDD1', extension: '7199' });
const browser = await launchChromium();
const context = await browser.newContext();
await context.addInitScript(instrument);
const page = await context.newPage();
await signInAtEmbed(page, server.url, 'PDD1');
const frame = page.frames().find((each) => each.url().includes('/dzfront/open/client/phone/'));
if (!frame) throw new Error('no phone frame');

const stages = /** @type {const} */ ([
  ['dial to microphone asked', 'dialed', 'microphoneAsked'],
  ['microphone opening', 'microphoneAsked', 'microphoneOpen'],
  ['offer made', 'microphoneOpen', 'described'],
  ['ICE candidates for the relay', 'described', 'offerSent'],
  ["the B2BUA's share (offer to INVITE)", 'offerSent', 'invite'],
]);
/** @type {Record<string, number[]>} */
const times = Object.fromEntries([...stages.map(([name]) => [name, []]), ['total', []]]);
for (let round = 0; round < ROUNDS; round++) {
  const number = `+86139${String(round).padStart(8, '0')}`;
  await frame.evaluate(() => {
    /** @type {any} */ (globalThis).__postDialMarks.length = 0;
  });
  const dialed = Date.now();
  await page.evaluate((to) => /** @type {any} */ (globalThis).phone.call('dialOut', { number: to }), number);
  const deadline = Date.now() + 15_000;
  while (!carrier.invites.has(number)) {
    if (Date.now() > deadline) throw new Error(`no INVITE for ${number}`);
    await sleep(5);
  }
  const invite = carrier.invites.get(number) ?? NaN;
  /** @type {[string, number][]} */
  const marks = await frame.evaluate(() => /** @type {any} */ (globalThis).__postDialMarks);
  if (process.env.BENCH_MARKS) console.log(marks.map(([name, time]) => `${name} +${time - dialed}`).join(', '));
  /** @type {Record<string, number>} */
  const at = { dialed, invite };
  for (const [name, time] of marks) at[name] ??= time;
  for (const [name, from, to] of stages) times[name]?.push((at[to] ?? NaN) - (at[from] ?? NaN));
  times.total?.push(invite - dialed);
  // The carrier said busy: the call ends, nobody talked, the agent is ready again.
  for (;;) {
    const state = await page.evaluate(() => /** @type {any} */ (globalThis).phone.call('getState', {}));
    if (state.calls.length === 0) break;
    await sleep(50);
  }
}

console.log('\nmedian (min-max) over the dials, ms:');
for (const [name, values] of Object.entries(times)) {
  const finite = values.filter(Number.isFinite);
  console.log(
    `  ${name.padEnd(40)} ${median(finite).toFixed(0).padStart(6)}  (${Math.min(...finite).toFixed(0)}-${Math.max(...finite).toFixed(0)})${finite.length < values.length ? `, ${values.length - finite.length} without the mark` : ''}`,
  );
}
const total = median(times.total ?? []);
const b2bua = median(times["the B2BUA's share (offer to INVITE)"] ?? []);
console.log(
  `\npost-dial delay ${total.toFixed(0)} ms, of which the B2BUA's own share ${b2bua.toFixed(0)} ms (${(total / b2bua).toFixed(1)}x)`,
);
const load = done();
writeSummary(
  'post-dial-delay',
  [{ figure: 'post-dial delay (dial to INVITE), median', ours: total, reference: b2bua, unit: 'ms', better: 'lower' }],
  load,
);
await browser.close();
carrier.close();
await stop();
