/**
 * Backups (DESIGN §5): every save of a category or resource keeps the state it replaces, and
 * `get_*_backup_info` lists them. The item's service decides what a snapshot holds and when a
 * save happens; this module keeps and lists them the same way for both, in the executor it is
 * given, so a backup commits with its save.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../errors.js';
import type { SavedState } from '../editing/save-rules.js';
import * as data from './backup.data.js';

export type { BackedUp, Snapshots } from './backup.data.js';

/** One saved state as the API answers it. */
export interface BackupView<Snapshot> {
  _id: string;
  revision: number;
  saved_at: string;
  saved_by: string | null;
  snapshot: Snapshot;
}

const notFound = { category: 'categoryNotFound', resource: 'resourceNotFound' } as const;

/**
 * Keeps the state a save replaces, attributed to whoever saved that state and when. The item
 * is locked by the caller; one backup per revision (a unique index) holds whatever races.
 */
export async function keepBackup<K extends data.BackedUp>(
  trx: Executor,
  kind: K,
  replaced: SavedState & { id: string },
  snapshot: data.Snapshots[K],
): Promise<void> {
  await data.insertBackup(trx, kind, replaced.id, {
    id: randomUUID(),
    revision: replaced.revision,
    snapshot,
    saved_by: replaced.updated_by,
    saved_at: replaced.updated_at,
  });
}

/** An item's backups, newest first; an unknown item is refused (`categoryNotFound`, `resourceNotFound`). */
export async function backupsOf<K extends data.BackedUp>(
  db: Executor,
  kind: K,
  itemId: string,
): Promise<{ list: BackupView<data.Snapshots[K]>[] }> {
  const rows = await data.listBackups(db, kind, itemId);
  if (rows.length === 0 && !(await data.itemExists(db, kind, itemId))) throw new ApiError(notFound[kind]);
  return {
    list: rows.map((row) => ({
      _id: row.id,
      revision: row.revision,
      saved_at: row.saved_at.toISOString(),
      saved_by: row.saved_by,
      snapshot: row.snapshot,
    })),
  };
}
