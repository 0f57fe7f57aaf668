import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTACT_URL } from '../seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { findSiteTenant, insertTenant } from './tenant.data.js';
import { newTenantSecrets } from './tenant-secrets.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('findSiteTenant', () => {
  // The site's tenant is the first one created (docs/ARCHITECTURE.md), whatever is added later.
  it('is the seeded tenant, also once others exist', async () => {
    const seeded = await findSiteTenant(database.db);
    expect(seeded?.contact_url).toBe(DEMO_CONTACT_URL);
    const settings = { name: 'Later', default_lang: 'en', acw_seconds: 0, not_ready_reasons: [], display_numbers: [] };
    await insertTenant(database.db, randomUUID(), settings, newTenantSecrets(), new Date());
    expect((await findSiteTenant(database.db))?.id).toBe(seeded?.id);
  });
});
