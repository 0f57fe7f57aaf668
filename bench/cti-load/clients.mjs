// @ts-check
// Softphone-like socket clients for bench/cti-load, in a process of their own (forked by the
// bench with an IPC channel, so several can share the load and none is the bottleneck). Each
// client connects, authenticates with its token, waits for `ready`, then pings every
// `heartbeat_ms` like the phone does. The bench drives them with messages { id, cmd, ... } and
// gets { id, result } or { id, error } back. Times are epoch milliseconds with sub-millisecond
// precision (performance.timeOrigin + performance.now()), comparable between the processes of
// this machine.
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * @typedef {{
 *   type: string, id?: string, code?: number, data?: Record<string, unknown>, name?: string
 * }} Frame
 * @typedef {{
 *   ws: WebSocket,
 *   index: number,
 *   pending: Map<string, (frame: Frame) => void>,
 *   ended: Map<string, () => void>,
 *   endedEarly: Set<string>,
 *   watchedAt: number,
 * }} Client
 */

/** @type {Client[]} */
const clients = [];
let heartbeatMs = 20_000;
let requestSeq = 0;
/** The event name watched for, as it appears in a frame; its receipt time is kept per client. */
let watchNeedle = /** @type {Buffer | null} */ (null);
let watchedBytes = 0;
const unexpectedCloses = /** @type {Record<string, number>} */ ({});
let pingsSent = 0;
let pongs = 0;
let closing = false;

const PONG = Buffer.from('{"type":"pong"');
const RES = Buffer.from('{"type":"res"');
const CALL_STATUS = Buffer.from('"callStatusChange"');

/**
 * Handles a frame of an authenticated client: the watched event's receipt time first (before any
 * parsing, so the figure is the client's receipt, not its work), then answers and call endings.
 * @param {Client} client
 * @param {Buffer} data
 */
function onFrame(client, data) {
  if (watchNeedle !== null && client.watchedAt === 0 && data.includes(watchNeedle)) {
    client.watchedAt = now();
    watchedBytes = data.length;
    return;
  }
  if (data.subarray(0, PONG.length).equals(PONG)) {
    pongs += 1;
    return;
  }
  if (data.subarray(0, RES.length).equals(RES)) {
    const frame = /** @type {Frame} */ (JSON.parse(data.toString()));
    const resolve = frame.id === undefined ? undefined : client.pending.get(frame.id);
    if (frame.id !== undefined && resolve) {
      client.pending.delete(frame.id);
      resolve(frame);
    }
    return;
  }
  if (data.includes(CALL_STATUS)) {
    const frame = /** @type {Frame} */ (JSON.parse(data.toString()));
    const callId = String(frame.data?.call_id);
    if (frame.data?.call_status !== 'ended') return;
    const resolve = client.ended.get(callId);
    if (resolve) {
      client.ended.delete(callId);
      resolve();
    } else client.endedEarly.add(callId);
  }
}

/**
 * Opens one socket, authenticates and resolves on `ready` (with the time it took from the auth
 * frame and the frame's size), or rejects with the close code and reason.
 * @param {string} url
 * @param {string} token
 * @param {number} timeoutMs
 * @returns {Promise<{ client: Client, authMs: number, connectMs: number, readyBytes: number }>}
 */
function openOne(url, token, timeoutMs) {
  const started = now();
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    /** @type {Client} */
    const client = {
      ws,
      index: clients.length,
      pending: new Map(),
      ended: new Map(),
      endedEarly: new Set(),
      watchedAt: 0,
    };
    let authSent = 0;
    let ready = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('timeout'));
    }, timeoutMs);
    ws.on('open', () => {
      authSent = now();
      ws.send(JSON.stringify({ type: 'auth', token }));
    });
    ws.on('message', (/** @type {Buffer} */ data) => {
      if (ready) {
        onFrame(client, data);
        return;
      }
      clearTimeout(timer);
      const frame = /** @type {Frame & { heartbeat_ms?: number }} */ (JSON.parse(data.toString()));
      if (frame.type !== 'ready') {
        ws.terminate();
        reject(new Error(`answered ${frame.type}`));
        return;
      }
      ready = true;
      if (typeof frame.heartbeat_ms === 'number') heartbeatMs = frame.heartbeat_ms;
      client.index = clients.length;
      clients.push(client);
      resolve({ client, authMs: now() - authSent, connectMs: now() - started, readyBytes: data.length });
    });
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!ready) {
        reject(new Error(`closed ${code} ${reason.toString()}`));
        return;
      }
      if (!closing) {
        const key = `${code} ${reason.toString()}`.trim();
        unexpectedCloses[key] = (unexpectedCloses[key] ?? 0) + 1;
      }
      for (const resolvePending of client.pending.values()) resolvePending({ type: 'closed', code });
      client.pending.clear();
    });
    ws.on('error', () => {
      // 'close' follows and says what happened.
    });
  });
}

/**
 * Connects one client per token at `rate` a second, with at most `concurrency` handshakes and
 * authentications under way.
 * @param {{ url: string, tokens: string[], rate: number, concurrency: number, timeoutMs: number }} options
 */
async function connectAll({ url, tokens, rate, concurrency, timeoutMs }) {
  const start = now();
  const authMs = /** @type {number[]} */ ([]);
  const failures = /** @type {Record<string, number>} */ ({});
  let readyBytes = 0;
  let inFlight = 0;
  /** @type {(() => void)[]} */
  let wake = [];
  const done = [];
  for (const [i, token] of tokens.entries()) {
    await sleep(start + (i * 1000) / rate - now());
    while (inFlight >= concurrency) await new Promise((resolve) => wake.push(() => resolve(undefined)));
    inFlight += 1;
    done.push(
      openOne(url, token, timeoutMs)
        .then((opened) => {
          authMs.push(opened.authMs);
          readyBytes = opened.readyBytes;
        })
        .catch((/** @type {unknown} */ error) => {
          const key = error instanceof Error ? error.message : String(error);
          failures[key] = (failures[key] ?? 0) + 1;
        })
        .finally(() => {
          inFlight -= 1;
          const waiting = wake;
          wake = [];
          for (const resolve of waiting) resolve();
        }),
    );
  }
  await Promise.all(done);
  return { connected: authMs.length, failures, authMs, readyBytes, seconds: (now() - start) / 1000 };
}

/** One ping a second for every `heartbeatMs / 1000`-th client, so each pings every `heartbeatMs`. */
let tick = 0;
setInterval(() => {
  const buckets = Math.max(1, Math.round(heartbeatMs / 1000));
  const bucket = tick % buckets;
  tick += 1;
  const ts = Date.now();
  for (let i = bucket; i < clients.length; i += buckets) {
    const client = clients[i];
    if (client?.ws.readyState !== WebSocket.OPEN) continue;
    client.ws.send(JSON.stringify({ type: 'ping', ts }));
    pingsSent += 1;
  }
}, 1000);

/**
 * Sends a request and resolves with its answer; with a deadline, with undefined once it passes.
 * @param {Client} client
 * @param {string} method
 * @param {Record<string, unknown>} params
 * @param {number} [deadline]
 * @returns {Promise<Frame | undefined>}
 */
function request(client, method, params, deadline) {
  const id = `r${(requestSeq += 1)}`;
  const answered = new Promise((resolve) => {
    client.pending.set(id, resolve);
  });
  client.ws.send(JSON.stringify({ type: 'req', id, method, params }));
  if (deadline === undefined) return /** @type {Promise<Frame>} */ (answered);
  return /** @type {Promise<Frame | undefined>} */ (
    Promise.race([answered, sleep(deadline - now()).then(() => undefined)])
  );
}

/** Resolves when the call ends, or at the deadline. @param {Client} client @param {string} callId @param {number} deadline */
function callEnded(client, callId, deadline) {
  if (client.endedEarly.delete(callId)) return Promise.resolve();
  return Promise.race([
    new Promise((resolve) => client.ended.set(callId, () => resolve(undefined))),
    sleep(deadline - now()),
  ]).finally(() => client.ended.delete(callId));
}

/**
 * The same request from every client at once (or from those of `which`): how long until all
 * were answered, and with which codes.
 * @param {{ method: string, params: Record<string, unknown>, which?: 'all' | 'callers' }} options
 */
async function requestAll({ method, params, which = 'all' }) {
  const chosen = which === 'callers' ? clients.slice(0, Math.floor(clients.length / 2)) : clients;
  const start = now();
  const codes = /** @type {Record<string, number>} */ ({});
  const latencies = await Promise.all(
    chosen.map(async (client) => {
      const sent = now();
      const frame = await request(client, method, params);
      const key = frame?.type === 'res' ? String(frame.code) : `no answer (${frame?.type ?? 'none'})`;
      codes[key] = (codes[key] ?? 0) + 1;
      return now() - sent;
    }),
  );
  return { start, end: now(), codes, latencies };
}

/**
 * Calls in a closed loop: the first half of this process's clients each dial `number` at
 * `start`, wait for the call to end, take a short pause (an agent's wrap-up), end their
 * after-call work (setAgentStatus idle) and dial again, until `until`.
 * @param {{ number: string, start: number, until: number, thinkMs: number }} options
 */
export async function callLoop({ number, start, until, thinkMs }) {
  const callers = clients.slice(0, Math.floor(clients.length / 2));
  const setups = /** @type {number[]} */ ([]);
  const firstRound = /** @type {number[]} */ ([]);
  /** Setups of a caller's second and later calls: the steady state, after the opening burst. */
  const redials = /** @type {number[]} */ ([]);
  const dialMs = /** @type {number[]} */ ([]);
  const readyMs = /** @type {number[]} */ ([]);
  const codes = /** @type {Record<string, number>} */ ({});
  let unanswered = 0;
  let readyAsked = 0;
  const count = (/** @type {string} */ key) => {
    codes[key] = (codes[key] ?? 0) + 1;
  };
  await sleep(start - now());
  await Promise.all(
    callers.map(async (client) => {
      let round = 0;
      while (now() < until) {
        const sent = now();
        const dialled = await request(client, 'dialOut', { number }, until);
        if (!dialled) {
          unanswered += 1;
          break;
        }
        count(`dialOut ${String(dialled.code)}`);
        if (dialled.code !== 0) {
          await sleep(1000);
          continue;
        }
        const at = now();
        setups.push(at);
        dialMs.push(at - sent);
        if (round === 0) firstRound.push(at);
        else redials.push(at);
        round += 1;
        await callEnded(client, String(dialled.data?.call_id), until);
        await sleep(Math.random() * thinkMs);
        if (now() >= until) break;
        const asked = now();
        readyAsked += 1;
        const readied = await request(client, 'setAgentStatus', { status: 'idle' }, until);
        if (!readied) {
          unanswered += 1;
          break;
        }
        count(`setAgentStatus ${String(readied.code)}`);
        readyMs.push(now() - asked);
      }
    }),
  );
  return { callers: callers.length, setups, firstRound, redials, dialMs, readyMs, readyAsked, codes, unanswered };
}

/** @type {Record<string, (message: Record<string, unknown>) => unknown>} */
const commands = {
  clock: () => now(),
  connect: (m) => connectAll(/** @type {Parameters<typeof connectAll>[0]} */ (/** @type {unknown} */ (m))),
  watch(m) {
    watchNeedle = Buffer.from(`"name":"${String(m.name)}"`);
    for (const client of clients) client.watchedAt = 0;
    return clients.length;
  },
  async collect(m) {
    const deadline = now() + Number(m.timeoutMs);
    while (now() < deadline && clients.some((c) => c.watchedAt === 0)) await sleep(5);
    const times = clients.filter((c) => c.watchedAt > 0).map((c) => c.watchedAt);
    watchNeedle = null;
    return { times, missing: clients.length - times.length, bytes: watchedBytes };
  },
  requestAll: (m) => requestAll(/** @type {Parameters<typeof requestAll>[0]} */ (/** @type {unknown} */ (m))),
  callLoop: (m) => callLoop(/** @type {Parameters<typeof callLoop>[0]} */ (/** @type {unknown} */ (m))),
  status: () => ({
    open: clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length,
    unexpectedCloses,
    pingsSent,
    pongs,
  }),
  async close() {
    closing = true;
    for (const client of clients) client.ws.terminate();
    await sleep(100);
    setImmediate(() => process.exit(0));
    return clients.length;
  },
};

process.on('message', (/** @type {Record<string, unknown>} */ message) => {
  const command = commands[String(message.cmd)];
  Promise.resolve()
    .then(() => {
      if (!command) throw new Error(`unknown command ${String(message.cmd)}`);
      return command(message);
    })
    .then(
      (result) => process.send?.({ id: message.id, result }),
      (/** @type {unknown} */ error) =>
        process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
});
// The bench is gone (ended or killed): so are we.
process.on('disconnect', () => process.exit(0));
