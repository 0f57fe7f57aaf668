/**
 * What every save of a category or resource obeys (DESIGN §5): it names the revision it started
 * from, a status moves only along the allowed transitions, and the state it replaces is kept
 * as a backup. Shared by the category and resource services so the two cannot drift apart.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus } from '../../db/schema.js';
import { ApiError } from '../../errors.js';

/** Who saved an item last, and at which revision: what a refused save is told. */
export interface SavedState {
  revision: number;
  updated_at: Date;
  updated_by: string | null;
}

/** The conflict answer: the client shows who saved in between and when, and offers to compare. */
export function staleRevision(current: SavedState): ApiError {
  return new ApiError(
    'staleRevision',
    {},
    { revision: current.revision, updated_at: current.updated_at.toISOString(), updated_by: current.updated_by },
  );
}

/** Refuses a save that did not start from the item's current revision. */
export function assertRevision(current: SavedState, revision: number): void {
  if (current.revision !== revision) throw staleRevision(current);
}

/** 1 -> 2 publish, 2 -> 3 take offline, 3 -> 2 publish again. */
const allowed: ReadonlySet<string> = new Set(['1->2', '2->3', '3->2']);

/** Refuses every other change, including "changing" to the status it already has. */
export function assertStatusChange(from: ContentStatus, to: ContentStatus): void {
  if (!allowed.has(`${from}->${to}`)) throw new ApiError('illegalStatusChange');
}

/** Sorts are rewritten 10, 20, 30, … so a later insertion between two needs no renumbering. */
export const SORT_STEP = 10;

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

/** Whether a list names an item twice. */
export const hasDuplicates = (values: readonly string[]): boolean => new Set(values).size !== values.length;
