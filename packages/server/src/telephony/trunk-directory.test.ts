import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { createTenantTrunks, TRUNK_DIRECTORY_MAX_AGE_MS } from './trunk-directory.js';

/** Each tenant's trunk as its calls out read it, on the test database, every read counted. */
let database: TestDatabase;
let tenantId: string;
let reads = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  tenantId = (await database.db.selectFrom('tenant').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await database.close();
});

const counted = () =>
  database.db.withPlugin({
    transformQuery: (args) => {
      if (args.node.kind === 'SelectQueryNode') reads += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });

async function saveTrunk(port: number) {
  await database.db
    .insertInto('sip_trunk')
    .values({
      tenant_id: tenantId,
      host: 'carrier.example.net',
      port,
      enabled: true,
      transport: 'udp',
      username: null,
      password: null,
      allowed_sources: '[]',
      display_numbers: '[]',
    })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ port }))
    .execute();
}

describe("a tenant's trunk held for its calls out", () => {
  it('is read once for many dials, again after a change and after its age, and a failed read is not kept', async () => {
    let now = 1_000_000;
    const trunks = createTenantTrunks(counted(), () => now);
    await saveTrunk(5060);
    reads = 0;
    const dials = await Promise.all(Array.from({ length: 20 }, () => trunks.of(tenantId)));
    expect(dials.every((trunk) => trunk?.port === 5060)).toBe(true);
    const readsForOne = reads;
    expect(readsForOne).toBeGreaterThan(0);
    await trunks.of(tenantId);
    expect(reads).toBe(readsForOne);

    await saveTrunk(5070);
    expect((await trunks.of(tenantId))?.port).toBe(5060);
    trunks.changed();
    expect((await trunks.of(tenantId))?.port).toBe(5070);

    await saveTrunk(5080);
    now += TRUNK_DIRECTORY_MAX_AGE_MS;
    expect((await trunks.of(tenantId))?.port).toBe(5080);

    // A tenant without a trunk is held too: its dials read nothing more.
    reads = 0;
    const none = randomUUID();
    expect(await trunks.of(none)).toBeNull();
    const readsForNone = reads;
    expect(await trunks.of(none)).toBeNull();
    expect(reads).toBe(readsForNone);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const flaky = database.db.withPlugin({
      transformQuery: (args) => {
        if (fail) throw Object.assign(new Error('connection terminated'), { code: '57P01' });
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const trunks = createTenantTrunks(flaky);
    await expect(trunks.of(tenantId)).rejects.toThrow('connection terminated');
    fail = false;
    expect((await trunks.of(tenantId))?.enabled).toBe(true);
  });

  it('does not keep a read that a change overtook', async () => {
    const trunks = createTenantTrunks(database.db);
    await saveTrunk(5090);
    const before = trunks.of(tenantId);
    trunks.changed();
    await saveTrunk(5100);
    await before;
    expect((await trunks.of(tenantId))?.port).toBe(5100);
  });
});
