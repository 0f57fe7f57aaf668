import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/executor.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers.js';
import { createExtensionBook } from './tenant-extensions.js';

/**
 * The book of extensions on the seeded database (Li Na 8001, Wang Wei 8002, Maria 8003, Chen Jie
 * 8100), every statement it runs counted: `dialOut` must run none once the tenant is read.
 */
let database: TestDatabase;
let db: Executor;
let tenantId: string;
let maria: string;
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = await database.db.selectFrom('tenant').select('id').orderBy('created_at').executeTakeFirstOrThrow();
  tenantId = tenant.id;
  const agent = await database.db
    .selectFrom('agent')
    .select('id')
    .where('extension', '=', '8003')
    .executeTakeFirstOrThrow();
  maria = agent.id;
  db = database.db.withPlugin({
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
});
afterAll(async () => {
  await database.close();
});

describe('the book of extensions', () => {
  it('reads a tenant once, however many dials ask at the same moment, and then answers from memory', async () => {
    const book = createExtensionBook(db);
    statements.length = 0;
    const answers = await Promise.all(
      ['8001', '8003', '8100', '8009', '13800138001'].map((n) => book.holds(tenantId, n)),
    );
    expect(answers).toEqual([true, true, true, false, false]);
    expect(statements).toEqual(['SelectQueryNode']);
    statements.length = 0;
    for (let i = 0; i < 100; i++) await book.holds(tenantId, '8003');
    expect(statements).toEqual([]);
    // Another tenant, or one nobody has, is read on its own.
    expect(await book.holds('00000000-0000-4000-8000-000000000000', '8003')).toBe(false);
    expect(statements).toHaveLength(1);
  });

  it('follows an agent saved with another extension, or none, without reading again', async () => {
    const book = createExtensionBook(db);
    await book.holds(tenantId, '8003');
    statements.length = 0;
    book.agentChanged(tenantId, maria, '8033');
    expect(await book.holds(tenantId, '8003')).toBe(false);
    expect(await book.holds(tenantId, '8033')).toBe(true);
    book.agentChanged(tenantId, maria, null);
    expect(await book.holds(tenantId, '8033')).toBe(false);
    expect(statements).toEqual([]);
  });

  it('reads again after an agent was disabled or removed (whether it holds an extension is not said), or the tenant moved away', async () => {
    const book = createExtensionBook(db);
    await book.holds(tenantId, '8003');
    statements.length = 0;
    book.agentChanged(tenantId, maria, undefined);
    // The database still gives Maria 8003: a disabled agent's extension is still hers.
    expect(await book.holds(tenantId, '8003')).toBe(true);
    expect(statements).toHaveLength(1);
    book.forget(tenantId);
    await book.holds(tenantId, '8003');
    expect(statements).toHaveLength(2);
  });

  it('a change that meets a read under way is not lost: the read answers, and the next dial reads again', async () => {
    const book = createExtensionBook(db);
    statements.length = 0;
    const reading = book.holds(tenantId, '8003');
    book.agentChanged(tenantId, maria, '8044');
    expect(await reading).toBe(true);
    expect(await book.holds(tenantId, '8044')).toBe(false);
    expect(statements).toHaveLength(2);
  });

  it('a read that fails is not kept: the dial is refused with the error and the next one reads again', async () => {
    let fail = true;
    const flaky = database.db.withPlugin({
      transformQuery: (args) => {
        if (fail) throw new Error('the database is away');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const book = createExtensionBook(flaky);
    await expect(book.holds(tenantId, '8003')).rejects.toThrow('the database is away');
    fail = false;
    expect(await book.holds(tenantId, '8003')).toBe(true);
  });
});
