import type { Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTcpAndUdpPort } from '../../test/free-port.js';
import { trunkSettings } from '../../test/trunk-fixture.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import * as wire from '../../test/sip-wire.js';
import { freeUdpPort, sipRequest, udpFrom } from '../../test/sip-wire.js';
import { saveTrunk } from './trunk.data.js';
import { createTelephony, type Telephony } from './telephony.service.js';

/**
 * A node behind the SIP edge (SIP_EDGE; the edge itself is tested with Kamailio in
 * e2e/trunk-edge.test.ts): it takes requests from the edge only, trusts the sender the edge names,
 * sends back to the edge an INVITE for a tenant another node runs, and sends its own requests out
 * through the edge. Here a socket on 127.0.0.3 plays the edge, the carrier is 127.0.0.2.
 */

const DID = '+862100000000';
const EDGE = '127.0.0.3';
let ctx: TestContext;
let telephony: Telephony;
let port: number;
let tenantId: string;
/** What the call centre says when asked whether the tenant runs here. */
let runsHere = true;
const asked: string[] = [];
const placed: string[] = [];
let edge: Socket;
let carrier: Socket;

const node = () => ({ host: '127.0.0.1', port, did: DID });
const exchange = (from: Socket, text: string, waitMs?: number) => wire.exchange(from, text, node(), waitMs);
const request = (method: string, from: Socket, extra?: { uri?: string; headers?: string; body?: string }) =>
  sipRequest(method, from, node(), extra);
/** A request the edge relays, naming who sent it to the edge. */
const relayed = (method: string, sender: string, extra: { uri?: string; body?: string } = {}) =>
  request(method, edge, { ...extra, headers: `X-Open-Source: ${sender}` });
const OFFER = [
  'v=0',
  'o=c 1 1 IN IP4 127.0.0.2',
  's=-',
  'c=IN IP4 127.0.0.2',
  't=0 0',
  'm=audio 4000 RTP/AVP 0',
  '',
].join('\r\n');

async function saveDemoTrunk(dids: string[], carrierPort = 5060, optionsPing = false): Promise<void> {
  await saveTrunk(ctx.db, trunkSettings({ tenantId, dids, port: carrierPort, optionsPing }), new Date());
}

beforeAll(async () => {
  ctx = await createTestApp();
  tenantId = (await ctx.db.selectFrom('tenant').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id;
  await saveDemoTrunk([DID]);
  port = await freeTcpAndUdpPort();
  edge = await udpFrom(EDGE);
  carrier = await udpFrom('127.0.0.2');
  telephony = createTelephony({
    settings: {
      sip: { host: '127.0.0.1', port, publicAddress: '127.0.0.1' },
      // Nothing answers there: an INVITE that gets as far as the relay is refused (488).
      relays: [{ host: '127.0.0.1', port: await freeUdpPort() }],
      edge: { host: EDGE, port: edge.address().port },
      carrierCheckEveryMs: 1_000,
    },
    db: ctx.db,
    secrets: null,
    log: { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined },
  });
  telephony.onInbound(
    (_tenant, from) => {
      placed.push(from);
      return Promise.resolve();
    },
    (tenant) => {
      asked.push(tenant);
      return Promise.resolve(runsHere);
    },
  );
});

afterAll(async () => {
  edge.close();
  carrier.close();
  await telephony.close();
  await ctx.close();
});

describe('a node behind the edge', () => {
  it('refuses what does not come through the edge, even from the carrier itself', async () => {
    expect(await exchange(carrier, request('INVITE', carrier, { body: OFFER }))).toMatch(/^SIP\/2\.0 403 /);
    expect(await exchange(carrier, request('OPTIONS', carrier))).toMatch(/^SIP\/2\.0 403 /);
    expect(asked).toEqual([]);
  });

  it('judges the sender the edge names: the carrier is let in, a stranger refused', async () => {
    runsHere = true;
    // Past the source and the tenant's node, to the relay (which is dead here: 488).
    expect(await exchange(edge, relayed('INVITE', '127.0.0.2', { body: OFFER }), 5_000)).toMatch(/^SIP\/2\.0 488 /);
    expect(asked).toEqual([tenantId]);
    expect(await exchange(edge, relayed('INVITE', '127.0.0.9', { body: OFFER }))).toMatch(/^SIP\/2\.0 403 /);
    expect(await exchange(edge, relayed('OPTIONS', '127.0.0.2'))).toMatch(/^SIP\/2\.0 200 /);
    expect(await exchange(edge, relayed('OPTIONS', '127.0.0.9'))).toMatch(/^SIP\/2\.0 403 /);
    // The edge's own ping (its dispatcher looking for live nodes) names nobody: answered.
    expect(await exchange(edge, request('OPTIONS', edge))).toMatch(/^SIP\/2\.0 200 /);
  });

  it('sends an INVITE for a tenant another node runs back to the edge (503), before the relay is asked', async () => {
    runsHere = false;
    asked.length = 0;
    const answer = await exchange(edge, relayed('INVITE', '127.0.0.2', { body: OFFER }));
    expect(answer).toMatch(/^SIP\/2\.0 503 /);
    expect(answer).toMatch(/^Reason: SIP;cause=503;text="Tenant runs on another node"\r$/m);
    expect(asked).toEqual([tenantId]);
    expect(placed).toEqual([]);
  });

  it('a DID saved on another node a moment ago rings here at once (read again, not refused)', async () => {
    runsHere = false;
    const newDid = '+862100000077';
    const toNew = () =>
      exchange(edge, relayed('INVITE', '127.0.0.2', { uri: `sip:${newDid}@127.0.0.1:${String(port)}`, body: OFFER }));
    expect(await toNew()).toMatch(/^SIP\/2\.0 403 /);
    // Saved where this node hears nothing of it (no `changed()`).
    await saveDemoTrunk([DID, newDid]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await toNew()).toMatch(/^SIP\/2\.0 503 /);
  });

  it("sends its own requests out through the edge: a carrier's ping arrives at the edge, routed to the carrier", async () => {
    const heard = new Promise<string>((resolve) => {
      edge.on('message', function onPing(message: Buffer) {
        const text = message.toString();
        if (!text.startsWith('OPTIONS sip:')) return;
        edge.off('message', onPing);
        resolve(text);
      });
    });
    await saveDemoTrunk([DID], 5099, true);
    telephony.changed();
    const ping = await heard;
    expect(ping).toMatch(/^OPTIONS sip:127\.0\.0\.2:5099/);
    expect(ping).toMatch(
      new RegExp(`^Route: +<sip:${EDGE.replaceAll('.', '\\.')}:${String(edge.address().port)};lr>\\r$`, 'm'),
    );
  });
});
