/** The lock that orders the items under one parent (categories and resources alike). */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

// Any fixed number works; it only has to be the same on every node and differ from the other
// two-key locks (attachments use 7_110_044 for their content hashes).
const ORDER_LOCK_CLASS = 7_110_045;

/**
 * Serialises, until the transaction ends, every write that depends on the set of items under
 * one parent (creating an item there, moving one in, sorting them), so "exactly the current
 * children" of a sort call is true when it commits. Taken before any row lock, always, so two
 * writers cannot wait on each other in opposite orders.
 */
export async function lockOrder(trx: Executor, scope: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ORDER_LOCK_CLASS}, hashtext(${scope}))`.execute(trx);
}
