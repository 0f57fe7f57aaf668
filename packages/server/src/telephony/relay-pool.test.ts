import { afterEach, describe, expect, it } from 'vitest';
import { peer, type Peer } from '../../test/ng-peer.js';
import { createRelayPool, type RelayPool } from './relay-pool.js';
import type { DialogHandler } from './trunk-leg.js';

/**
 * Which relay a new call's media goes to, when RTPENGINE_NG lists several: UDP peers stand in
 * for rtpengine's ng socket (one answers its pings, one swallows them). Calls through Debian's
 * rtpengine with one of two killed: e2e/trunk-edge.test.ts.
 */

const quiet = { warn: () => undefined, info: () => undefined };
let peers: Peer[] = [];
let pool: RelayPool | null = null;
afterEach(async () => {
  await pool?.close();
  await Promise.all(peers.map((p) => p.close()));
  peers = [];
  pool = null;
});

/** A call on the relay at `address`: the pool asks a dialog only where it is (the rest is left out, hence the cast). */
const callOn = (address: string) =>
  ({ relayAddress: () => address, relayCall: () => null }) as unknown as DialogHandler;

describe('the relay pool', () => {
  it('places a call on a relay that answers: the one holding fewest calls, the first listed on a tie', async () => {
    const answering = () => peer((command) => (command === 'ping' ? { result: 'pong' } : { result: 'ok' }));
    peers = [await peer(() => 'drop'), await answering(), await answering()];
    const [, a, b] = peers.map((p) => `127.0.0.1:${String(p.port)}`) as [string, string, string];
    const calls: DialogHandler[] = [];
    pool = createRelayPool(
      peers.map((p) => ({ host: '127.0.0.1', port: p.port })),
      quiet,
      () => calls,
    );
    // Before the first checks are in, the dead one is not known to be dead: wait for them (3 s).
    const health = await pool.health();
    expect(health.map((relay) => relay.answers)).toEqual([false, true, true]);
    expect(pool.pick().address).toBe(a);
    calls.push(callOn(a));
    expect(pool.pick().address).toBe(b);
    calls.push(callOn(b), callOn(b));
    expect(pool.pick().address).toBe(a);
  });

  it('with every relay silent, still names the first: the call fails at its offer, with its answer', async () => {
    peers = [await peer(() => 'drop'), await peer(() => 'drop')];
    pool = createRelayPool(
      peers.map((p) => ({ host: '127.0.0.1', port: p.port })),
      quiet,
      () => [],
    );
    await pool.health();
    expect(pool.pick().address).toBe(`127.0.0.1:${String(peers[0]?.port)}`);
  });
});
