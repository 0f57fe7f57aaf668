import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_LANG } from '@open/protocol/locales';
import { hashPassword } from '../auth/password.js';
import { demoAdmin, demoAgentPassword } from '../demo-credentials.js';
import { insertDemoCallCentre } from './demo-tenant.js';
import { findSiteTenant } from '../tenants/tenant.data.js';
import { newTenantSecrets } from '../tenants/tenant-secrets.js';
import type { Database } from '../db/database.js';

/** The demo tenant's contact link on the documentation side (an address nobody answers: change it). */
export const DEMO_CONTACT_URL = 'mailto:open-platform@example.com';

// Any fixed number works; it only has to be the same on every node.
const SEED_LOCK = 7_110_042;

export interface SeedOptions {
  /** The admin's password instead of the published demo one (ADMIN_PASSWORD). */
  adminPassword?: string | undefined;
}

/**
 * Fills an empty database with demo data so every flow works on first start. Runs under an
 * advisory lock so several nodes starting together seed once.
 */
export async function seedIfEmpty(db: Database, { adminPassword }: SeedOptions = {}): Promise<boolean> {
  // The usual case, a database seeded before, costs two cheap queries and no password hashing.
  const site = await findSiteTenant(db);
  if (site) {
    await seedCallCentreIfNone(db, site.id);
    return false;
  }
  // Hashed outside the lock so other starting nodes do not wait on scrypt. One hash for all the
  // demo agents: their password is published anyway, and scrypt is slow on purpose.
  const [passwordHash, agentPasswordHash] = await Promise.all([
    hashPassword(adminPassword ?? demoAdmin.password),
    hashPassword(demoAgentPassword),
  ]);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await findSiteTenant(trx)) return false;

    const tenantId = randomUUID();
    await trx
      .insertInto('tenant')
      .values({
        id: tenantId,
        name: 'Demo tenant',
        default_lang: DEFAULT_LANG,
        contact_url: DEMO_CONTACT_URL,
        ...newTenantSecrets(),
      })
      .execute();
    await insertDemoCallCentre(trx, tenantId, agentPasswordHash);
    await trx
      .insertInto('version')
      .values([
        { id: randomUUID(), name: 'v1.0', is_default: false, sort: 10 },
        { id: randomUUID(), name: 'v2.0', is_default: true, sort: 20 },
      ])
      .execute();
    await trx
      .insertInto('admin_user')
      .values({
        id: randomUUID(),
        account: demoAdmin.account,
        name: demoAdmin.name,
        role: 'admin',
        password_hash: passwordHash,
        demo_password: adminPassword === undefined,
      })
      .execute();
    return true;
  });
}

/** A database seeded before the call centre existed gets the demo agents at its next start. */
async function seedCallCentreIfNone(db: Database, tenantId: string): Promise<void> {
  const hasAgents = async (executor: Database) =>
    (await executor.selectFrom('agent').select('id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst()) !==
    undefined;
  if (await hasAgents(db)) return;
  const agentPasswordHash = await hashPassword(demoAgentPassword);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await hasAgents(trx))) await insertDemoCallCentre(trx, tenantId, agentPasswordHash);
  });
}
