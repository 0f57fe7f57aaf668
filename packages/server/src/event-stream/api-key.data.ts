/** Data access of a tenant's API keys (docs/EVENT-STREAM.md): only each key's hash is kept. */
import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

const columns = ['id', 'tenant_id', 'name', 'key_hint', 'created_at', 'last_used_at'] as const;

export const listApiKeys = (db: Executor, tenantId: string) =>
  db
    .selectFrom('api_key')
    .select(columns)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

export async function countApiKeys(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertApiKey(
  db: Executor,
  row: { id: string; tenant_id: string; name: string; key_hash: string; key_hint: string; at: Date },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_key')
    .values({
      id: row.id,
      tenant_id: row.tenant_id,
      name: row.name,
      key_hash: row.key_hash,
      key_hint: row.key_hint,
      created_at: row.at,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function deleteApiKey(db: Executor, id: string): Promise<{ tenant_id: string } | undefined> {
  return db.deleteFrom('api_key').where('id', '=', id).returning('tenant_id').executeTakeFirst();
}

export const findApiKeyByHash = (db: Executor, keyHash: string) =>
  db
    .selectFrom('api_key')
    .select(['id', 'tenant_id', 'last_used_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();

/** Of these keys, the ones that still exist (a key revoked on another node ends its streams here too). */
export async function existingApiKeys(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('api_key').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function touchApiKey(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id).execute();
}
