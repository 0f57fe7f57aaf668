import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Executor } from '../db/executor.js';
import { createLifecycle, type Lifecycle } from '../lifecycle.js';
import { createRedisCluster } from './bus/redis-bus.js';
import { noTrunks, type Trunks } from './engine/calls/outside-line.js';
import { createCtiService } from './cti.service.js';

/**
 * Two nodes on the machine's Redis (a prefix of their own; nothing restarted), each with SIP
 * trunks that count what they are told. A trunk saved in the CMS of one node must reach the
 * node that runs the tenant, whose calls out hold the trunk in memory.
 */
const REDIS = process.env.TWO_NODES_REDIS ?? 'redis://127.0.0.1:6379';
const lifecycles: Lifecycle[] = [];
afterEach(async () => {
  await Promise.all(lifecycles.splice(0).map((lifecycle) => lifecycle.close()));
});

function node(prefix: string) {
  const told = { changed: 0 };
  const trunks: Trunks = {
    ...noTrunks,
    changed: () => {
      told.changed += 1;
    },
  };
  const lifecycle = createLifecycle();
  lifecycles.push(lifecycle);
  const cti = createCtiService({
    // Nothing here reaches the database: no phone signs in and no call ends.
    db: {} as unknown as Executor,
    lifecycle,
    options: { cluster: createRedisCluster({ url: REDIS, prefix, leaseMs: 2_000 }) },
    trunks,
  });
  return { cti, told };
}

describe('a trunk saved in the CMS', () => {
  it('is read again by the node that runs its tenant, from whichever node it was saved on', async () => {
    const prefix = `trunk-change-${randomUUID()}:`;
    const a = node(prefix);
    const b = node(prefix);
    const tenant = `tenant-${randomUUID()}`;
    // Node A runs the tenant (a phone of it rang there first).
    await a.cti.inbound(tenant, '+8613912345678');
    await b.cti.trunkChanged(tenant);
    expect(a.told.changed).toBe(1);
    expect(b.told.changed).toBe(0);
  });

  it('wakes no tenant that no node runs', async () => {
    const prefix = `trunk-change-${randomUUID()}:`;
    const a = node(prefix);
    await a.cti.trunkChanged(`tenant-${randomUUID()}`);
    expect(a.told.changed).toBe(0);
  });
});
