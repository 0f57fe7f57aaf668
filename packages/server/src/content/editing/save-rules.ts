/**
 * What every save of a category or resource obeys (DESIGN §5): it names the revision it started
 * from, a status moves only along the allowed transitions, and the state it replaces is kept
 * as a backup (content/backups/). Shared by the category and resource services so the two
 * cannot drift apart. The lock that orders siblings is in order-lock.data.ts.
 */
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

/** Whether a list names an item twice. */
export const hasDuplicates = (values: readonly string[]): boolean => new Set(values).size !== values.length;
