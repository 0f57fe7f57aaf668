import { randomUUID } from 'node:crypto';
import type { CmsVersion, DocVersion } from '@open/protocol/api';
import type { Clock } from '../../clock.js';
import { isUniqueViolation, type Executor } from '../../db/executor.js';
import type { VersionRow } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import * as data from './version.data.js';

const toVersion = (row: VersionRow): CmsVersion => ({
  _id: row.id,
  name: row.name,
  isDefault: row.is_default,
  sort: row.sort,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export interface VersionInput {
  _id?: string | undefined;
  name: string;
  isDefault?: boolean | undefined;
  sort?: number | undefined;
}

export interface VersionServiceDeps {
  db: Executor;
  clock: Clock;
}

/**
 * Versions of the documentation. Exactly one version is the default while any exist: the
 * first one created becomes it, making another the default clears the old one in the same
 * transaction, and the default cannot simply be switched off.
 */
export function createVersionService({ db, clock }: VersionServiceDeps) {
  return {
    async list(page?: data.Page): Promise<{ list: CmsVersion[]; total: number }> {
      const [rows, total] = await Promise.all([data.listVersions(db, page), data.countVersions(db)]);
      return { list: rows.map(toVersion), total };
    },

    /** What the documentation side shows (kept serialised by its call's `cache: 'published'`). */
    async listForReaders(): Promise<{ list: DocVersion[] }> {
      const rows = await data.listVersions(db);
      return { list: rows.map((row) => ({ _id: row.id, name: row.name, isDefault: row.is_default })) };
    },

    async save(input: VersionInput): Promise<CmsVersion> {
      try {
        return await db.transaction().execute(async (trx) => {
          const now = clock.now();
          const current = input._id ? await data.findVersionForUpdate(trx, input._id) : undefined;
          if (input._id && !current) throw new ApiError('versionNotFound');
          if (current?.is_default && input.isDefault === false) throw new ApiError('defaultVersionRequired');

          const defaultId = await data.findDefaultVersionId(trx);
          const makeDefault = input.isDefault === true || (!current && !defaultId);
          if (makeDefault && defaultId && defaultId !== current?.id) {
            await data.setDefaultFlag(trx, defaultId, false, now);
          }
          const values = {
            name: input.name,
            is_default: makeDefault || Boolean(current?.is_default),
            sort: input.sort,
          };
          const row = current
            ? await data.updateVersion(trx, current.id, values, now)
            : await data.insertVersion(trx, randomUUID(), values);
          return toVersion(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'version_name_unique')) throw new ApiError('versionNameTaken');
        // Two admins made different versions the default at the same moment: the index kept
        // one default, and the later admin is told to reload rather than silently overruled.
        if (isUniqueViolation(error, 'version_one_default')) throw new ApiError('concurrentUpdate');
        throw error;
      }
    },

    /**
     * Removes a version; when it was the default, the first remaining version takes over.
     * Answers the version that is the default afterwards (none when no version is left), so
     * the CMS can say which one became the default.
     */
    async remove(id: string): Promise<{ _id: string; default_id: string | null }> {
      return db.transaction().execute(async (trx) => {
        const removed = await data.deleteVersion(trx, id);
        if (!removed) throw new ApiError('versionNotFound');
        if (!removed.wasDefault) return { _id: id, default_id: (await data.findDefaultVersionId(trx)) ?? null };
        const next = await data.firstVersionId(trx);
        if (next) await data.setDefaultFlag(trx, next, true, clock.now());
        return { _id: id, default_id: next ?? null };
      });
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;
