import { randomUUID } from 'node:crypto';
import type { CmsVersion } from '@open/protocol/api';
import type { Database } from '../../db/database.js';
import type { VersionRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

const toVersion = (row: VersionRow): CmsVersion => ({
  _id: row.id,
  name: row.name,
  isDefault: row.is_default,
  sort: row.sort,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** PostgreSQL and PGlite both name the violated index, in `constraint` or in the message. */
function isUniqueViolation(error: unknown, index: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  return constraint === index || (typeof message === 'string' && message.includes(index));
}

export async function listVersions(db: Database, page?: { offset: number; limit: number }): Promise<CmsVersion[]> {
  let query = db.selectFrom('version').selectAll().orderBy('sort').orderBy('name').orderBy('id');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return (await query.execute()).map(toVersion);
}

export async function countVersions(db: Database): Promise<number> {
  const row = await db
    .selectFrom('version')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

export interface VersionInput {
  _id?: string | undefined;
  name: string;
  isDefault?: boolean | undefined;
  sort?: number | undefined;
}

/**
 * Creates or edits a version. Exactly one version is the default while any exist: the first
 * one created becomes it, making another the default clears the old one in the same
 * transaction, and the default cannot simply be switched off.
 */
export async function saveVersion(db: Database, input: VersionInput): Promise<CmsVersion> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = input._id
        ? await trx.selectFrom('version').selectAll().where('id', '=', input._id).forUpdate().executeTakeFirst()
        : undefined;
      if (input._id && !current) throw new ApiError('versionNotFound');
      if (current?.is_default && input.isDefault === false) throw new ApiError('defaultVersionRequired');

      const hasDefault = await trx.selectFrom('version').select('id').where('is_default', '=', true).executeTakeFirst();
      const makeDefault = input.isDefault === true || (!current && !hasDefault);
      if (makeDefault && hasDefault && hasDefault.id !== current?.id) {
        await trx
          .updateTable('version')
          .set({ is_default: false, updated_at: new Date() })
          .where('id', '=', hasDefault.id)
          .execute();
      }

      const row = current
        ? await trx
            .updateTable('version')
            .set({
              name: input.name,
              is_default: makeDefault || current.is_default,
              ...(input.sort === undefined ? {} : { sort: input.sort }),
              updated_at: new Date(),
            })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('version')
            .values({
              id: randomUUID(),
              name: input.name,
              is_default: makeDefault,
              ...(input.sort === undefined ? {} : { sort: input.sort }),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
      return toVersion(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'version_name_unique')) throw new ApiError('versionNameTaken');
    throw error;
  }
}

/** Removes a version; when it was the default, the first remaining version takes over. */
export async function removeVersion(db: Database, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('version').where('id', '=', id).returning(['is_default']).executeTakeFirst();
    if (!removed) throw new ApiError('versionNotFound');
    if (!removed.is_default) return;
    const next = await trx
      .selectFrom('version')
      .select('id')
      .orderBy('sort')
      .orderBy('name')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (next)
      await trx
        .updateTable('version')
        .set({ is_default: true, updated_at: new Date() })
        .where('id', '=', next.id)
        .execute();
  });
}
