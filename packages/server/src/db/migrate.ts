import { setTimeout } from 'node:timers/promises';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { init } from './migrations/20261122T0700_init.js';
import { content } from './migrations/20261123T0100_content.js';
import { cms } from './migrations/20261123T1400_cms.js';
import { search } from './migrations/20261123T1500_search.js';
import { searchFilter } from './migrations/20261123T1600_search_filter.js';
import { cti } from './migrations/20261123T1700_cti.js';
import { callAttachedData } from './migrations/20261125T2100_call_attached_data.js';
import { searchTextRevision } from './migrations/20261126T0600_search_text_revision.js';
import { loginFailureLast } from './migrations/20261126T1100_login_failure_last.js';
import { searchWords } from './migrations/20261126T1400_search_words.js';
import { searchTop } from './migrations/20261126T1900_search_top.js';
import { langsAtCommit } from './migrations/20261126T2300_langs_at_commit.js';
import { sipTrunk } from './migrations/20261127T0400_sip_trunk.js';
import { callTrunk } from './migrations/20261127T0500_call_trunk.js';
import { dialPlan } from './migrations/20261129T1900_dial_plan.js';
import { trunkCaps } from './migrations/20261129T2000_trunk_caps.js';
import { trunkFailover } from './migrations/20261129T2200_trunk_failover.js';
import { farEndSilence } from './migrations/20261130T0500_far_end_silence.js';
import { webhooks } from './migrations/20261130T2000_webhooks.js';
import { apiKeys } from './migrations/20261130T2300_api_keys.js';
import { wrapUp } from './migrations/20261201T0200_wrap_up.js';
import type { DB } from './schema.js';

/** Listed by hand so the built server needs no file-system scan; names sort by time. */
const migrations: Record<string, Migration> = {
  '20261122T0700_init': init,
  '20261123T0100_content': content,
  '20261123T1400_cms': cms,
  '20261123T1500_search': search,
  '20261123T1600_search_filter': searchFilter,
  '20261123T1700_cti': cti,
  '20261125T2100_call_attached_data': callAttachedData,
  '20261126T0600_search_text_revision': searchTextRevision,
  '20261126T1100_login_failure_last': loginFailureLast,
  '20261126T1400_search_words': searchWords,
  '20261126T1900_search_top': searchTop,
  '20261126T2300_langs_at_commit': langsAtCommit,
  '20261127T0400_sip_trunk': sipTrunk,
  '20261127T0500_call_trunk': callTrunk,
  '20261129T1900_dial_plan': dialPlan,
  '20261129T2000_trunk_caps': trunkCaps,
  '20261129T2200_trunk_failover': trunkFailover,
  '20261130T0500_far_end_silence': farEndSilence,
  '20261130T2000_webhooks': webhooks,
  '20261130T2300_api_keys': apiKeys,
  '20261201T0200_wrap_up': wrapUp,
};

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  // Name the schema: left unnamed, Kysely takes a migration table of the same name in any
  // other schema of the database (another app's, another test run's) for its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error === undefined && !failed) return;
    if (!failed && attempt < FOREIGN_SCHEMA_ATTEMPTS && droppedElsewhere(error, migrationTableSchema)) {
      // A moment, jittered: whoever is dropping things is likely still at it.
      await setTimeout(10 + Math.random() * 40);
      continue;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/**
 * Before it migrates, Kysely lists the tables and columns of every schema in the database, naming
 * each as it goes: another application (or test file) dropping its own schema, table or column at
 * that moment fails the listing with `schema "theirs" does not exist`, `relation … does not exist`
 * or `column "x" of relation "t" does not exist`. These can only come from that listing (a failed
 * migration is reported in `results` instead), so nothing of ours was touched: look again.
 */
const FOREIGN_SCHEMA_ATTEMPTS = 20;

/** undefined_table, undefined_column: what a catalog read sees when a table or column goes under it. */
const VANISHED_UNDER_THE_LISTING = new Set(['42P01', '42703']);

function droppedElsewhere(error: unknown, ours: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && VANISHED_UNDER_THE_LISTING.has(code)) return true;
  if (code !== '3F000') return false;
  const named = /schema "([^"]+)" does not exist/.exec(error.message)?.[1];
  return named !== undefined && named !== ours;
}
