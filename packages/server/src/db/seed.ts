import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_LANG } from '@open/protocol/locales';
import { hashPassword } from '../auth/password.js';
import type { Database } from './database.js';

/** The demo tenant's contact link on the documentation side (an address nobody answers: change it). */
export const DEMO_CONTACT_URL = 'mailto:open-platform@example.com';

/** The demo login, printed by `npm start` and written in the README (unless ADMIN_PASSWORD is set). */
export const demoAdmin = { account: 'admin', password: 'admin@open', name: 'Demo Admin' } as const;

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
  // The usual case, a database seeded before, costs one cheap query and no password hashing.
  if (await db.selectFrom('tenant').select('id').limit(1).executeTakeFirst()) return false;
  // Hashed outside the lock so other starting nodes do not wait on scrypt.
  const passwordHash = await hashPassword(adminPassword ?? demoAdmin.password);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('tenant').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto('tenant')
      .values({
        id: randomUUID(),
        name: 'Demo tenant',
        default_lang: DEFAULT_LANG,
        contact_url: DEMO_CONTACT_URL,
      })
      .execute();
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
