/**
 * The ICE servers a phone receives with its session (DESIGN §7): TURN credentials minted for
 * the agent when the socket authenticates, and minted again at every resume, so a phone back
 * after hours never holds an expired one.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctiTimings, type IceFrame, type ReadyFrame } from '@open/protocol/cti/protocol';
import { CtiClient, loginToken } from '../../../test/cti-client.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createManualScheduler } from '../../../test/manual-scheduler.js';

const SECRET = 'a-shared-secret-with-coturn';
const TTL = 3_600;
const scheduler = createManualScheduler();
let ctx: TestContext;
let base: string;
const clients: CtiClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    cti: {
      scheduler,
      ice: {
        urls: ['stun:stun.example.com:3478', 'turn:turn.example.com:3478?transport=udp'],
        turnSecret: SECRET,
        credentialTtlSeconds: TTL,
        transportPolicy: 'relay',
      },
    },
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const client of clients) client.drop();
  await ctx.close();
});

async function connect() {
  const client = await CtiClient.connect(base);
  clients.push(client);
  return client;
}

/** The TURN entry of a ready or ice frame, its credential checked as coturn checks it. */
function turnOf(ready: Pick<ReadyFrame, 'ice_servers'>) {
  const turn = ready.ice_servers.find((server) => server.urls.some((url) => url.startsWith('turn:')));
  if (!turn?.username || turn.credential === undefined) throw new Error('no TURN credential in ready');
  expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username).digest('base64'));
  const [expiry, user] = turn.username.split(':');
  return { expiresAt: Number(expiry), user, credential: turn.credential };
}

describe('ICE servers in ready', () => {
  it('hands the phone its STUN and TURN servers, the TURN ones with a credential for the agent', async () => {
    const client = await connect();
    const before = Math.floor(scheduler.now() / 1000);
    const ready = await client.auth(await loginToken(ctx.app));
    expect(ready.ice_transport_policy).toBe('relay');
    expect(ready.ice_servers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] });
    expect(ready.ice_servers[1]?.urls).toEqual(['turn:turn.example.com:3478?transport=udp']);
    const turn = turnOf(ready);
    expect(turn.user).toBe(ready.agent.agent_id);
    expect(turn.expiresAt).toBe(before + TTL);
    client.drop();
  });

  it('mints a fresh credential when the session resumes', async () => {
    const client = await connect();
    const ready = await client.auth(await loginToken(ctx.app, 'wangwei@demo.example.com'));
    const first = turnOf(ready);
    client.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    scheduler.advance(30_000);

    const back = await connect();
    back.send({ type: 'auth', resume: { session: ready.session, key: ready.resume_key, last_seq: 0 } });
    const resumed = await back.until(() => back.frames.find((f): f is ReadyFrame => f.type === 'ready'), 'ready');
    const second = turnOf(resumed);
    expect(resumed.resumed).toBe(true);
    expect(second.user).toBe(first.user);
    expect(second.expiresAt).toBe(first.expiresAt + 30);
    expect(second.credential).not.toBe(first.credential);
  });

  it('sends every connected phone a fresh credential each quarter of its life, none in between', async () => {
    const [lina, wangwei] = [await connect(), await connect()];
    const linaReady = await lina.auth(await loginToken(ctx.app));
    await wangwei.auth(await loginToken(ctx.app, 'wangwei@demo.example.com'));
    const iceFrames = (client: CtiClient) => client.frames.filter((f): f is IceFrame => f.type === 'ice');
    // The refresh runs on the node's own clock, a quarter of the life after the host started.
    const quarterMs = (TTL * 1000) / 4;
    // Time moves a heartbeat at a time, each phone pinging as it does, or the node would drop them.
    let pings = 0;
    const advanceAlive = async (ms: number) => {
      for (let left = ms; left > 0; left -= ctiTimings.heartbeatMs) {
        scheduler.advance(Math.min(left, ctiTimings.heartbeatMs));
        for (const client of [lina, wangwei]) {
          const ts = ++pings;
          client.send({ type: 'ping', ts });
          await client.until(() => client.frames.find((f) => f.type === 'pong' && f.ts === ts), 'pong');
        }
      }
    };
    const seen = iceFrames(lina).length;
    await advanceAlive(quarterMs);
    const frame = await lina.until(() => iceFrames(lina)[seen], 'an ice frame');
    const turn = turnOf(frame);
    expect(turn.user).toBe(linaReady.agent.agent_id);
    // Minted when the refresh ran: within the last quarter, good for a whole life from then.
    const mintedAtMs = (turn.expiresAt - TTL) * 1000;
    expect(mintedAtMs).toBeLessThanOrEqual(scheduler.now());
    expect(mintedAtMs).toBeGreaterThan(scheduler.now() - quarterMs);
    expect(frame.ice_transport_policy).toBe('relay');
    expect(frame.ice_servers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] });
    await wangwei.until(() => iceFrames(wangwei)[0], 'an ice frame for the other phone');

    // The next one a quarter after it, not before (the credential's seconds are whole: 2 s either side).
    await advanceAlive(mintedAtMs + quarterMs - 2_000 - scheduler.now());
    expect(iceFrames(lina)).toHaveLength(seen + 1);
    await advanceAlive(4_000);
    const next = await lina.until(() => iceFrames(lina)[seen + 1], 'the next ice frame');
    expect(turnOf(next).expiresAt).toBe(turn.expiresAt + TTL / 4);
    lina.drop();
    wangwei.drop();
  });
});
