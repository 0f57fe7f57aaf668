/** Data access for versions: plain queries on whatever executor the service hands in. */
import type { Executor } from '../../db/executor.js';
import type { VersionRow } from '../../db/schema.js';

export interface Page {
  offset: number;
  limit: number;
}

export async function listVersions(db: Executor, page?: Page): Promise<VersionRow[]> {
  let query = db.selectFrom('version').selectAll().orderBy('sort').orderBy('name').orderBy('id');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countVersions(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('version')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Locks the row until the transaction ends, so two edits of one version queue. */
export function findVersionForUpdate(db: Executor, id: string): Promise<VersionRow | undefined> {
  return db.selectFrom('version').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function versionExists(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('version').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function findDefaultVersionId(db: Executor): Promise<string | undefined> {
  const row = await db.selectFrom('version').select('id').where('is_default', '=', true).executeTakeFirst();
  return row?.id;
}

export async function firstVersionId(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('version')
    .select('id')
    .orderBy('sort')
    .orderBy('name')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function setDefaultFlag(db: Executor, id: string, isDefault: boolean, at: Date): Promise<void> {
  await db.updateTable('version').set({ is_default: isDefault, updated_at: at }).where('id', '=', id).execute();
}

export interface VersionValues {
  name: string;
  is_default: boolean;
  sort?: number | undefined;
}

export function insertVersion(db: Executor, id: string, values: VersionValues): Promise<VersionRow> {
  const { sort, ...rest } = values;
  return db
    .insertInto('version')
    .values({ id, ...rest, ...(sort === undefined ? {} : { sort }) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateVersion(db: Executor, id: string, values: VersionValues, at: Date): Promise<VersionRow> {
  const { sort, ...rest } = values;
  return db
    .updateTable('version')
    .set({ ...rest, ...(sort === undefined ? {} : { sort }), updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a version and answers whether it was the default, or undefined when there was none. */
export async function deleteVersion(db: Executor, id: string): Promise<{ wasDefault: boolean } | undefined> {
  const row = await db.deleteFrom('version').where('id', '=', id).returning(['is_default']).executeTakeFirst();
  return row && { wasDefault: row.is_default };
}
