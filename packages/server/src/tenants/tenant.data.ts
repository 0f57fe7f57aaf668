/** Data access for tenants: plain queries on whatever executor the service hands in. */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { TenantTable } from '../db/schema.js';

export type TenantRow = Selectable<TenantTable>;
export type TenantWithAgentCount = TenantRow & { agent_count: number };

export interface Page {
  offset: number;
  limit: number;
}

/** What an admin sets of a tenant; its secrets are made on insert and rotated by their own call. */
export interface TenantSettings {
  name: string;
  default_lang: string;
  acw_seconds: number;
  not_ready_reasons: { id: string; name: string }[];
  display_numbers: string[];
  /** Absent: the list stays as it is (none for a new tenant). */
  wrap_up_codes?: { id: string; name: string }[] | undefined;
}

const settingsColumns = (settings: TenantSettings) => ({
  name: settings.name,
  default_lang: settings.default_lang,
  acw_seconds: settings.acw_seconds,
  not_ready_reasons: JSON.stringify(settings.not_ready_reasons),
  display_numbers: JSON.stringify(settings.display_numbers),
  ...(settings.wrap_up_codes === undefined ? {} : { wrap_up_codes: JSON.stringify(settings.wrap_up_codes) }),
});

export function findTenant(db: Executor, id: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenant').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTenantBySsoToken(db: Executor, ssoToken: string): Promise<TenantRow | undefined> {
  return db.selectFrom('tenant').selectAll().where('sso_token', '=', ssoToken).executeTakeFirst();
}

/**
 * The site's own tenant: the first one created (the seeded one). Its default language is the
 * language of a first visit and its contact link the documentation's. None on an empty database.
 */
export function findSiteTenant(db: Executor): Promise<TenantRow | undefined> {
  return db.selectFrom('tenant').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

export async function tenantExists(db: Executor, id: string): Promise<boolean> {
  return (await db.selectFrom('tenant').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

const agentCount = sql<number>`(select count(*)::int from agent a where a.tenant_id = tenant.id)`;

export function findTenantWithAgentCount(db: Executor, id: string): Promise<TenantWithAgentCount | undefined> {
  return db
    .selectFrom('tenant')
    .selectAll()
    .select(agentCount.as('agent_count'))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Oldest first, so the site's tenant leads; `page` absent means every tenant. */
export function listTenantsWithAgentCount(db: Executor, page?: Page): Promise<TenantWithAgentCount[]> {
  let query = db
    .selectFrom('tenant')
    .selectAll()
    .select(agentCount.as('agent_count'))
    .orderBy('created_at')
    .orderBy('id');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countTenants(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('tenant')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertTenant(
  db: Executor,
  id: string,
  settings: TenantSettings,
  secrets: { sso_token: string; signing_key: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('tenant')
    .values({ id, ...settingsColumns(settings), ...secrets, updated_at: at })
    .execute();
}

/** The tenant as it is now, or undefined when there is none with that id. */
export function updateTenantSettings(
  db: Executor,
  id: string,
  settings: TenantSettings,
  at: Date,
): Promise<TenantRow | undefined> {
  return db
    .updateTable('tenant')
    .set({ ...settingsColumns(settings), updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** False when there is no tenant with that id. */
export async function setSsoToken(db: Executor, id: string, ssoToken: string, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('tenant')
    .set({ sso_token: ssoToken, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
