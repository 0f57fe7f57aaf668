/**
 * Data access for tenants' SIP trunks: plain queries on whatever executor the caller hands in
 * (the database or a transaction). A trunk is a `sip_trunk` row and its DIDs, one
 * `sip_trunk_did` row each, keyed by the number as trunks compare it, so a number rings exactly
 * one tenant.
 */
import { sql, type Selectable } from 'kysely';
import { numberKey } from '@open/protocol/trunk';
import type { Executor } from '../db/executor.js';
import type { SipTrunkTable } from '../db/schema.js';
import type { TrunkSettings } from './trunk-settings.js';

/**
 * A number as trunks store and match it: spaces, RFC 3966's visual separators ('-', '.', '(',
 * ')') and a leading '+' removed, so '+49 30-1234', '4930 1234' and '49301234' are one DID.
 * Numbers are otherwise compared as they are: no country code is added or taken away.
 */
export const normaliseDid = numberKey;

/** A trunk as saved: `password` undefined keeps the stored one (none for a new trunk). */
export type TrunkWrite = Omit<TrunkSettings, 'password'> & { password: string | null | undefined };

type TrunkRow = Selectable<SipTrunkTable>;

async function didsOf(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sip_trunk_did')
    .select('number')
    .where('tenant_id', '=', tenantId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.number);
}

const settingsOf = (row: TrunkRow, dids: string[]): TrunkSettings => ({
  tenantId: row.tenant_id,
  enabled: row.enabled,
  host: row.host,
  port: row.port,
  transport: row.transport,
  username: row.username,
  password: row.password,
  allowedSources: row.allowed_sources,
  dids,
  displayNumbers: row.display_numbers,
  maxCalls: row.max_calls,
  maxWaiting: row.max_waiting,
  dialPlan: row.dial_plan,
  failoverHosts: row.failover_hosts,
  optionsPing: row.options_ping,
  farEndSilenceSeconds: row.far_end_silence_seconds,
});

/** The tenant's trunk with when it was last saved, or null when it has none. */
export async function loadTrunkRecord(
  db: Executor,
  tenantId: string,
): Promise<{ settings: TrunkSettings; updatedAt: Date } | null> {
  const row = await db.selectFrom('sip_trunk').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return null;
  return { settings: settingsOf(row, await didsOf(db, tenantId)), updatedAt: row.updated_at };
}

/** The tenant's trunk, switched on or off (see `enabled`), or null when it has none. */
export async function loadTrunk(db: Executor, tenantId: string): Promise<TrunkSettings | null> {
  return (await loadTrunkRecord(db, tenantId))?.settings ?? null;
}

/** Every trunk switched on, with its DIDs (telephony's directory of what rings where). */
export async function listEnabledTrunks(db: Executor): Promise<TrunkSettings[]> {
  const [rows, dids] = await Promise.all([
    db.selectFrom('sip_trunk').selectAll().where('enabled', '=', true).execute(),
    db.selectFrom('sip_trunk_did').select(['tenant_id', 'number']).orderBy('tenant_id').orderBy('position').execute(),
  ]);
  const byTenant = new Map<string, string[]>();
  for (const did of dids) byTenant.set(did.tenant_id, [...(byTenant.get(did.tenant_id) ?? []), did.number]);
  return rows.map((row) => settingsOf(row, byTenant.get(row.tenant_id) ?? []));
}

/**
 * The trunk a number rings, matched after `normaliseDid` on both sides, so pass the number as
 * dialled (the user part of the Request-URI or the To header, '+' and separators allowed).
 * It is returned whether it is switched on or not: the caller checks `enabled`.
 */
export async function findTrunkByDid(db: Executor, did: string): Promise<TrunkSettings | null> {
  const key = normaliseDid(did);
  if (key === '') return null;
  const row = await db.selectFrom('sip_trunk_did').select('tenant_id').where('did', '=', key).executeTakeFirst();
  return row ? loadTrunk(db, row.tenant_id) : null;
}

/** Of `numbers`, those that already ring a tenant other than `tenantId`, as given. */
export async function didsOfOtherTenants(
  db: Executor,
  tenantId: string,
  numbers: readonly string[],
): Promise<string[]> {
  if (!numbers.length) return [];
  const taken = await db
    .selectFrom('sip_trunk_did')
    .select('did')
    .where('did', 'in', numbers.map(normaliseDid))
    .where('tenant_id', '!=', tenantId)
    .execute();
  const keys = new Set(taken.map((row) => row.did));
  return numbers.filter((number) => keys.has(normaliseDid(number)));
}

/**
 * Serialises trunk saves, so two admins giving the same DID to two tenants at the same moment
 * cannot both pass the check for it (the key would refuse the second anyway, less politely).
 * Inside a transaction; any fixed number works, as long as it is this one everywhere.
 */
export async function lockTrunks(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(7110051)`.execute(db);
}

/**
 * Holds the tenant's row until the transaction ends, so it cannot be removed under a trunk
 * being saved for it; false when there is no such tenant.
 */
export async function lockTenantForTrunk(db: Executor, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenant').select('id').where('id', '=', tenantId).forShare().executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates or replaces the tenant's trunk, its DIDs in the order given (run it in a
 * transaction, after `lockTenantForTrunk` and `lockTrunks`, with the DIDs checked by
 * `didsOfOtherTenants`).
 */
export async function saveTrunk(db: Executor, trunk: TrunkWrite, at: Date): Promise<void> {
  const columns = {
    enabled: trunk.enabled,
    host: trunk.host,
    port: trunk.port,
    transport: trunk.transport,
    username: trunk.username,
    allowed_sources: JSON.stringify(trunk.allowedSources),
    display_numbers: JSON.stringify(trunk.displayNumbers),
    max_calls: trunk.maxCalls,
    max_waiting: trunk.maxWaiting,
    dial_plan: JSON.stringify(trunk.dialPlan),
    failover_hosts: JSON.stringify(trunk.failoverHosts),
    options_ping: trunk.optionsPing,
    far_end_silence_seconds: trunk.farEndSilenceSeconds,
    updated_at: at,
  };
  const password = trunk.password === undefined ? {} : { password: trunk.password };
  await db
    .insertInto('sip_trunk')
    .values({ tenant_id: trunk.tenantId, ...columns, password: trunk.password ?? null })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet({ ...columns, ...password }))
    .execute();
  await db.deleteFrom('sip_trunk_did').where('tenant_id', '=', trunk.tenantId).execute();
  if (trunk.dids.length) {
    await db
      .insertInto('sip_trunk_did')
      .values(
        trunk.dids.map((number, position) => ({
          did: normaliseDid(number),
          tenant_id: trunk.tenantId,
          number,
          position,
        })),
      )
      .execute();
  }
}

/** Removes the tenant's trunk and its DIDs; false when it had none. */
export async function removeTrunk(db: Executor, tenantId: string): Promise<boolean> {
  const removed = await db.deleteFrom('sip_trunk').where('tenant_id', '=', tenantId).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}
