import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@open/protocol/errors';
import { call, captureLogs, createTestApp, LOG_LEVEL, loginAsAdmin, type TestContext } from '../../test/helpers.js';

const logs = captureLogs();
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ logger: logs.logger });
  cookie = await loginAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

describe('a database refusal that no service expected', () => {
  it('is answered as a server fault and logged as a bug, not passed off as a concurrent update', async () => {
    // An index the version service knows nothing about stands in for a bug in a migration.
    await sql`create unique index version_sort_unexpected on version (sort)`.execute(ctx.db);
    try {
      const first = await call(ctx.app, 'cms/set_version_info', { name: 'v7', sort: 7 }, { cookie });
      expect(first.status).toBe(200);
      const before = logs.lines.length;
      const second = await call(ctx.app, 'cms/set_version_info', { name: 'v8', sort: 7 }, { cookie });
      expect(second.status).toBe(500);
      expect(second.body.code).toBe(errorCatalogue.internal.code);
      expect(second.body.message).not.toContain('version_sort_unexpected');
      const errors = logs.lines.slice(before).filter((l) => l.level >= LOG_LEVEL.error);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.err?.message).toContain('version_sort_unexpected');
    } finally {
      await sql`drop index version_sort_unexpected`.execute(ctx.db);
    }
  });

  it('a unique violation the service does expect keeps its own code', async () => {
    const res = await call(ctx.app, 'cms/set_version_info', { name: 'V1.0' }, { cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(errorCatalogue.versionNameTaken.code);
  });
});
