import type { Socket } from 'node:dgram';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { freeTcpAndUdpPort } from '../../test/free-port.js';
import { trunkSettings } from '../../test/trunk-fixture.js';
import * as wire from '../../test/sip-wire.js';
import { freeUdpPort, sipRequest, udpFrom } from '../../test/sip-wire.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { saveTrunk } from './trunk.data.js';
import { createTelephony, type Telephony } from './telephony.service.js';

/**
 * Bad input on the SIP socket: what anyone on the network can send to SIP_LISTEN. Garbage,
 * half messages, lies about lengths and requests for calls that do not exist get a SIP answer
 * or nothing, never a crash, and the socket keeps answering afterwards (OPTIONS, the carriers'
 * keep-alive). INVITEs are taken only from a trunk's allowed addresses to its numbers.
 */

const DID = '+862100000000';
let ctx: TestContext;
let telephony: Telephony;
let port: number;
const placed: string[] = [];
const warnings: unknown[] = [];
const infos: unknown[] = [];
/** The statements the SIP side ran against the database, by kind. */
const queries: string[] = [];
/** The carrier's side, on the trunk's allowed address, and a stranger on another. */
let carrier: Socket;
let stranger: Socket;

const node = () => ({ host: '127.0.0.1', port, did: DID });
const exchange = (from: Socket, text: string | Buffer, waitMs?: number) => wire.exchange(from, text, node(), waitMs);
const request = (method: string, from: Socket, extra?: { uri?: string; headers?: string; body?: string }) =>
  sipRequest(method, from, node(), extra);

/** The demo tenant's trunk: the carrier's address allowed, `dids` ringing it (saved straight to the database). */
async function saveDemoTrunk(dids: string[]): Promise<void> {
  const tenant = await ctx.db.selectFrom('tenant').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  // No OPTIONS pings (the fixture's default): they would be statements and datagrams of their own, and this file counts both.
  await saveTrunk(ctx.db, trunkSettings({ tenantId: tenant.id, dids }), new Date());
}

beforeAll(async () => {
  ctx = await createTestApp();
  await saveDemoTrunk([DID]);
  port = await freeTcpAndUdpPort();
  telephony = createTelephony({
    settings: {
      sip: { host: '127.0.0.1', port, publicAddress: '127.0.0.1' },
      // Nothing answers there: an INVITE that gets as far as the relay is refused (488).
      relays: [{ host: '127.0.0.1', port: await freeUdpPort() }],
      edge: null,
      carrierCheckEveryMs: 3_600_000,
    },
    // Every statement the SIP side runs is counted: a refused INVITE must run none.
    db: ctx.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    }),
    secrets: null,
    log: {
      warn: (...args: unknown[]) => warnings.push(args),
      info: (...args: unknown[]) => infos.push(args),
      error: (...args: unknown[]) => warnings.push(args),
      debug: () => undefined,
    },
  });
  telephony.onInbound(
    (_tenant, from) => {
      placed.push(from);
      return Promise.resolve();
    },
    () => Promise.resolve(true),
  );
  carrier = await udpFrom('127.0.0.2');
  stranger = await udpFrom('127.0.0.1');
});

afterAll(async () => {
  carrier.close();
  stranger.close();
  await telephony.close();
  await ctx.close();
});

describe('the SIP socket under bad input', () => {
  it.each([
    ['random bytes', randomBytes(600)],
    ['an empty datagram', Buffer.alloc(0)],
    ['a start line alone', 'INVITE sip:x SIP/2.0\r\n\r\n'],
    ['headers without the blank line', 'OPTIONS sip:x SIP/2.0\r\nVia: SIP/2.0/UDP 1.2.3.4\r\n'],
    [
      'a Via that is not one',
      'OPTIONS sip:x SIP/2.0\r\nVia: ???\r\nCall-ID: a\r\nFrom: <sip:a@b>\r\nTo: <sip:c@d>\r\nCSeq: x\r\n\r\n',
    ],
    [
      'a response nobody asked for',
      'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP 127.0.0.1;branch=z9hG4bKnope\r\nCall-ID: nope\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:c@d>;tag=2\r\nCSeq: 1 INVITE\r\n\r\n',
    ],
    ['a status out of range', 'SIP/2.0 9999 Odd\r\n\r\n'],
    ['NUL bytes and UTF-8 in headers', 'OPTIONS sip:\u0000\u00e9 SIP/2.0\r\nVia: \u00ff\r\n\r\n'],
  ])("%s: no crash, and the socket still answers the carrier's OPTIONS", async (_what, datagram) => {
    await exchange(stranger, datagram, 300);
    expect(await exchange(carrier, request('OPTIONS', carrier))).toMatch(/^SIP\/2\.0 200 /);
  });

  it('a Content-Length that lies, either way, is read as far as the datagram goes', async () => {
    const long = request('OPTIONS', carrier).replace('Content-Length: 0', 'Content-Length: 99999999');
    expect(await exchange(carrier, long)).toMatch(/^SIP\/2\.0 200 /);
    const negative = request('OPTIONS', carrier).replace('Content-Length: 0', 'Content-Length: -5');
    expect(await exchange(carrier, negative)).toMatch(/^SIP\/2\.0 200 /);
  });

  it("answers OPTIONS from a trunk's allowed address only: anyone else is refused, as their INVITE is", async () => {
    const fromCarrier = await exchange(carrier, request('OPTIONS', carrier));
    expect(fromCarrier).toMatch(/^SIP\/2\.0 200 /);
    expect(fromCarrier).toMatch(/^Allow: INVITE, ACK, CANCEL, BYE, OPTIONS\r$/m);
    const fromStranger = await exchange(stranger, request('OPTIONS', stranger));
    expect(fromStranger).toMatch(/^SIP\/2\.0 403 /);
    expect(fromStranger).not.toMatch(/^Allow:/m);
  });

  it('BYE and CANCEL for calls that do not exist: 481; an unknown method: 405', async () => {
    expect(await exchange(stranger, request('BYE', stranger))).toMatch(/^SIP\/2\.0 481 /);
    expect(await exchange(stranger, request('CANCEL', stranger))).toMatch(/^SIP\/2\.0 481 /);
    expect(await exchange(stranger, request('SUBSCRIBE', stranger))).toMatch(/^SIP\/2\.0 405 /);
    expect(await exchange(stranger, request('ACK', stranger), 300)).toBeNull();
  });

  it('over TCP too: garbage and a header section that never ends close nothing but that connection', async () => {
    const answered = await new Promise<string>((resolve, reject) => {
      const junk = connect(port, '127.0.0.1', () => {
        junk.write(randomBytes(2000));
        junk.write('INVITE sip:x SIP/2.0\r\n' + 'X-Long: a\r\n'.repeat(20_000));
      });
      junk.on('error', () => undefined);
      setTimeout(() => {
        junk.destroy();
        // From the carrier's address: anyone else's OPTIONS is refused (see above).
        const good = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
          const local = good.address() as { address: string; port: number };
          good.write(
            [
              `OPTIONS sip:x@127.0.0.1:${String(port)};transport=tcp SIP/2.0`,
              `Via: SIP/2.0/TCP ${local.address}:${String(local.port)};branch=z9hG4bKtcp1`,
              'From: <sip:a@127.0.0.1>;tag=1',
              'To: <sip:b@127.0.0.1>',
              'Call-ID: tcp-1',
              'CSeq: 1 OPTIONS',
              'Content-Length: 0',
              '',
              '',
            ].join('\r\n'),
          );
        });
        good.on('data', (chunk: Buffer) => {
          good.destroy();
          resolve(chunk.toString());
        });
        good.on('error', reject);
      }, 300);
    });
    expect(answered).toMatch(/^SIP\/2\.0 200 /);
  });
});

describe('INVITEs', () => {
  it('from an address the trunk does not list, or to a number no trunk has: 403, and nothing reaches the call centre', async () => {
    expect(await exchange(stranger, request('INVITE', stranger, { body: 'v=0\r\n' }))).toMatch(/^SIP\/2\.0 403 /);
    expect(
      await exchange(
        carrier,
        request('INVITE', carrier, { uri: `sip:+869999@127.0.0.1:${String(port)}`, body: 'v=0\r\n' }),
      ),
    ).toMatch(/^SIP\/2\.0 403 /);
    expect(placed).toEqual([]);
  });

  it('a refusal is sent once, not again every Timer G until acknowledged (a flood never acknowledges)', async () => {
    const invite = request('INVITE', stranger, { body: 'v=0\r\n' });
    const callId = /^Call-ID: (.*)$/m.exec(invite)?.[1]?.trim() ?? '';
    const answers: string[] = [];
    const onMessage = (message: Buffer) => {
      const text = message.toString();
      if (text.includes(`Call-ID: ${callId}`) && !text.startsWith('SIP/2.0 100')) answers.push(text.slice(0, 11));
    };
    stranger.on('message', onMessage);
    stranger.send(invite, port, '127.0.0.1');
    // The package's Timer G would resend at 0.5 s and 1.5 s.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    stranger.off('message', onMessage);
    expect(answers).toEqual(['SIP/2.0 403']);
  });

  it('refused by what the node holds in memory: no database statement and no info line for each', async () => {
    // The first INVITE since the start read the trunks; the refused ones after it read nothing.
    await exchange(stranger, request('INVITE', stranger, { body: 'v=0\r\n' }));
    queries.length = 0;
    infos.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, at) =>
        at % 2 === 0
          ? exchange(stranger, request('INVITE', stranger, { body: 'v=0\r\n' }))
          : exchange(carrier, request('INVITE', carrier, { uri: `sip:+86999${String(at)}@127.0.0.1:${String(port)}` })),
      ),
    );
    expect(answers.map((answer) => answer?.slice(0, 11))).toEqual(Array.from({ length: 20 }, () => 'SIP/2.0 403'));
    expect(queries).toEqual([]);
    expect(infos).toEqual([]);
  });

  it('a trunk saved or removed is read again: its number rings at once, and stops ringing', async () => {
    const toNew = () =>
      exchange(carrier, request('INVITE', carrier, { uri: `sip:+862100000001@127.0.0.1:${String(port)}` }));
    expect(await toNew()).toMatch(/^SIP\/2\.0 403 /);
    await saveDemoTrunk([DID, '+862100000001']);
    telephony.changed();
    // Taken now: placed in the call centre (a delayed offer, so the relay is not asked yet).
    placed.length = 0;
    expect(await toNew()).toBeNull();
    expect(placed).toEqual(['+8613700000000']);
    placed.length = 0;
    await saveDemoTrunk([DID]);
    telephony.changed();
    expect(await toNew()).toMatch(/^SIP\/2\.0 403 /);
  });

  it('without an offer (a delayed offer): placed in the call centre, the relay not asked until the phone offers', async () => {
    placed.length = 0;
    expect(await exchange(carrier, request('INVITE', carrier))).toBeNull();
    // A Request-URI without a number: the To header's is the DID (some carriers put it only there).
    expect(await exchange(carrier, request('INVITE', carrier, { uri: `sip:127.0.0.1:${String(port)}` }))).toBeNull();
    // A ported number (RFC 4694's npdi and rn in the user part) is still the DID: taken, not 403.
    const ported = `sip:${DID};npdi;rn=+862199990000@127.0.0.1:${String(port)};user=phone`;
    expect(await exchange(carrier, request('INVITE', carrier, { uri: ported }))).toBeNull();
    expect(placed).toEqual(['+8613700000000', '+8613700000000', '+8613700000000']);
    placed.length = 0;
  });

  it('with an offer the relay refuses: 488, and nothing reaches the call centre', async () => {
    expect(
      await exchange(
        carrier,
        request('INVITE', carrier, { headers: 'Content-Type: application/sdp', body: 'not an SDP at all' }),
        5_000,
      ),
    ).toMatch(/^SIP\/2\.0 488 /);
    expect(placed).toEqual([]);
  });
});
