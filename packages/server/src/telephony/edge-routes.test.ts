import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { trunkSettings } from '../../test/trunk-fixture.js';
import { createEdgeRoutes, edgeKeys, edgeRoutesOf } from './edge-routes.js';
import type { TrunkSettings } from './trunk-settings.js';

/**
 * What a node behind the edge writes in the cluster's Redis for Kamailio to read
 * (deploy/kamailio/kamailio.cfg): its SIP address, expiring with it, and the trunks' DIDs and
 * sources. Against the machine's Redis (REDIS_URL, as the multi-node tests), under a prefix of
 * this run's own.
 */

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `open-test-edge:${randomBytes(4).toString('hex')}:`;
const keys = edgeKeys(prefix);
const reader = new Redis(url);

afterAll(async () => {
  const left = await reader.keys(`${prefix}*`);
  if (left.length > 0) await reader.del(...left);
  reader.disconnect();
});

const trunk = (tenantId: string, dids: string[], allowedSources: string[]): TrunkSettings =>
  trunkSettings({ tenantId, dids, allowedSources });

describe('the routes the edge reads', () => {
  it('are written as the edge compares them: DIDs without + or separators, sources comma-separated', () => {
    expect(
      edgeRoutesOf([
        trunk('t1', ['+86 21 0000-0000', '+862100000001'], ['198.51.100.0/28', '203.0.113.9']),
        trunk('t2', ['4930555000'], ['203.0.113.9']),
      ]),
    ).toEqual({
      dids: { '862100000000': 't1', '862100000001': 't1', '4930555000': 't2' },
      sources: { t1: '198.51.100.0/28,203.0.113.9', t2: '203.0.113.9' },
      carriers: '198.51.100.0/28,203.0.113.9',
    });
  });

  it("hold the node's address for a lease, follow every trunk save, and let go of the address on close", async () => {
    let trunks = [trunk('t1', ['+862100000000'], ['198.51.100.7'])];
    const routes = createEdgeRoutes({ url, prefix, nodeId: 'node-a', leaseMs: 3_000 });
    await routes.start({ address: '10.0.0.11:5060', trunks: () => Promise.resolve(trunks), log: console });
    try {
      expect(await reader.get(keys.node('node-a'))).toBe('10.0.0.11:5060');
      const ttl = await reader.pttl(keys.node('node-a'));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3_000);
      expect(await reader.hgetall(keys.dids)).toEqual({ '862100000000': 't1' });
      expect(await reader.get(keys.carriers)).toBe('198.51.100.7');

      // The DID moved to another tenant and a trunk was switched off: nothing of the old routes is left.
      trunks = [trunk('t2', ['+862100000000'], ['203.0.113.9'])];
      await routes.republish();
      expect(await reader.hgetall(keys.dids)).toEqual({ '862100000000': 't2' });
      expect(await reader.hgetall(keys.sources)).toEqual({ t2: '203.0.113.9' });

      trunks = [];
      await routes.republish();
      expect(await reader.exists(keys.dids, keys.sources)).toBe(0);
      expect(await reader.get(keys.carriers)).toBe('');
    } finally {
      await routes.close();
    }
    // The edge stops sending this node calls at once, not a lease later.
    expect(await reader.exists(keys.node('node-a'))).toBe(0);
  });

  it('are written again within a third of a lease when Redis loses them (restarted empty, flushed)', async () => {
    const routes = createEdgeRoutes({ url, prefix, nodeId: 'node-b', leaseMs: 600 });
    await routes.start({
      address: '10.0.0.12:5060',
      trunks: () => Promise.resolve([trunk('t1', ['+862100000000'], ['198.51.100.7'])]),
      log: console,
    });
    try {
      await reader.del(keys.dids, keys.sources, keys.carriers, keys.node('node-b'));
      await expect
        .poll(() => reader.hgetall(keys.dids), { timeout: 2_000, interval: 50 })
        .toEqual({ '862100000000': 't1' });
      expect(await reader.get(keys.carriers)).toBe('198.51.100.7');
      expect(await reader.get(keys.node('node-b'))).toBe('10.0.0.12:5060');
    } finally {
      await routes.close();
    }
  });
});
