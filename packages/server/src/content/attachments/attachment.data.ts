/**
 * Data access for attachments: their rows, the lock that serialises who adds or drops the last
 * row with some bytes, and the bodies that link to one.
 */
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { AttachmentTable } from '../../db/schema.js';

/** What every view of an attachment needs (attachment-view.ts). */
export interface AttachmentRow {
  id: string;
  name: string;
  mime: string;
  size: number;
}

// Any fixed number works; it only has to be the same on every node and differ from the other
// two-key locks (the order of siblings uses 7_110_045).
const CONTENT_LOCK_CLASS = 7_110_044;

/**
 * Rows holding the same bytes share one stored object: this lock, until the transaction ends,
 * serialises who adds or drops the last one.
 */
export async function lockContent(db: Executor, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CONTENT_LOCK_CLASS}, hashtext(${sha256}))`.execute(db);
}

export async function resourceExists(db: Executor, resourceId: string): Promise<boolean> {
  const row = await db.selectFrom('resource').select('id').where('id', '=', resourceId).executeTakeFirst();
  return row !== undefined;
}

export function insertAttachment(db: Executor, values: Insertable<AttachmentTable>): Promise<AttachmentRow> {
  return db.insertInto('attachment').values(values).returning(['id', 'name', 'mime', 'size']).executeTakeFirstOrThrow();
}

/** A resource's attachments, oldest first. */
export function attachmentsOf(db: Executor, resourceId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachment')
    .select(['id', 'name', 'mime', 'size'])
    .where('resource_id', '=', resourceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Where an attachment's bytes are, and how to send them. */
export function findAttachment(
  db: Executor,
  id: string,
): Promise<{ name: string; mime: string; storage_key: string } | undefined> {
  return db.selectFrom('attachment').select(['name', 'mime', 'storage_key']).where('id', '=', id).executeTakeFirst();
}

/** A resource whose body, in some language, links to the attachment. */
export async function resourceLinkingTo(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('resource_locale')
    .select('resource_id')
    .where(sql<boolean>`strpos(markdown, ${`attachment:${id}`}) > 0`)
    .limit(1)
    .executeTakeFirst();
  return row?.resource_id;
}

/** False when there was no such row. */
export async function deleteAttachment(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('attachment').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether some attachment row still has these stored bytes. */
export async function contentInUse(db: Executor, storageKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('attachment')
    .select('id')
    .where('storage_key', '=', storageKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
