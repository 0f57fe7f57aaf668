/** Data access for the CMS's resources: every status, every language, order (backups: content/backups/). */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus } from '../../db/schema.js';
import { SORT_STEP } from '../editing/save-rules.js';

export interface ResourceState {
  id: string;
  category_id: string;
  status: ContentStatus;
  sort: number;
  revision: number;
  updated_at: Date;
  updated_by: string | null;
}

export interface CmsResourceRow extends ResourceState {
  title: string;
  langs: string[];
  version_ids: string[];
}

export interface CmsFilter {
  id?: string | undefined;
  category_id?: string | undefined;
  version_id?: string | undefined;
  status?: ContentStatus | undefined;
  /** The title's language: this one, else `fallback`, else the first in `langOrder`. */
  lang: string;
  fallback: string;
  /** Every language in the product's order. */
  langOrder: readonly string[];
  /** Every category id in reading order: the list is sorted by category, then by sort. */
  categoryOrder: readonly string[];
  /** A search: the index query (to_tsquery('english', …); '' when it has no word) and a title pattern. */
  search?: { tsquery: string; titlePattern: string } | undefined;
}

const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

function conditions(filter: CmsFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (filter.id !== undefined) where.push(sql`r.id = ${filter.id}`);
  if (filter.category_id !== undefined) where.push(sql`r.category_id = ${filter.category_id}`);
  if (filter.status !== undefined) where.push(sql`r.status = ${filter.status}`);
  if (filter.version_id !== undefined) {
    where.push(
      sql`exists (select 1 from resource_version rv where rv.resource_id = r.id and rv.version_id = ${filter.version_id})`,
    );
  }
  if (filter.search) {
    const { tsquery, titlePattern } = filter.search;
    // Words of titles and bodies through the index (Chinese mid-word by character pairs), and
    // any part of a title as typed, Latin mid-word included.
    const indexed = tsquery === '' ? sql`false` : sql`k.search @@ to_tsquery('english', ${tsquery})`;
    where.push(sql`exists (select 1 from resource_locale k where k.resource_id = r.id
      and (${indexed} or k.title ilike ${titlePattern} escape '\\'))`);
  }
  return sql.join(where, sql` and `);
}

export async function listForCms(
  db: Executor,
  filter: CmsFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<CmsResourceRow[]> {
  const langOrder = textArray(filter.langOrder);
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<CmsResourceRow>`
    select r.id, r.category_id, r.status, r.sort, r.revision, r.updated_at, r.updated_by,
      coalesce((select rl.title from resource_locale rl where rl.resource_id = r.id
        order by rl.lang = ${filter.lang} desc, rl.lang = ${filter.fallback} desc, array_position(${langOrder}, rl.lang)
        limit 1), '') as title,
      array(select rl.lang from resource_locale rl where rl.resource_id = r.id
        order by array_position(${langOrder}, rl.lang)) as langs,
      array(select rv.version_id from resource_version rv join version v on v.id = rv.version_id
        where rv.resource_id = r.id order by v.sort, v.name, v.id) as version_ids
    from resource r
    where ${conditions(filter)}
    order by array_position(${textArray(filter.categoryOrder)}, r.category_id), r.sort, r.id
    ${paging}`.execute(db);
  return rows;
}

export async function countForCms(db: Executor, filter: CmsFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from resource r where ${conditions(filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

const stateColumns = ['id', 'category_id', 'status', 'sort', 'revision', 'updated_at', 'updated_by'] as const;

export function findResource(db: Executor, id: string): Promise<ResourceState | undefined> {
  return db.selectFrom('resource').select(stateColumns).where('id', '=', id).executeTakeFirst();
}

/** Locks the row until the transaction ends: saves of one resource queue, and each sees the last. */
export function lockResource(db: Executor, id: string): Promise<ResourceState | undefined> {
  return db.selectFrom('resource').select(stateColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface StoredLocale {
  lang: string;
  title: string;
  markdown: string;
  html: string;
  updated_at: Date;
}

export function localesOf(db: Executor, id: string): Promise<StoredLocale[]> {
  return db
    .selectFrom('resource_locale')
    .select(['lang', 'title', 'markdown', 'html', 'updated_at'])
    .where('resource_id', '=', id)
    .execute();
}

/** The versions of a resource in the versions' own order. */
export async function versionIdsOf(db: Executor, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('resource_version')
    .innerJoin('version', 'version.id', 'resource_version.version_id')
    .select('version.id')
    .where('resource_version.resource_id', '=', id)
    .orderBy('version.sort')
    .orderBy('version.name')
    .orderBy('version.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Versions that must stay while the transaction runs: the share lock makes a concurrent
 * removal wait, so a save never links a version that is being deleted.
 */
export async function holdVersions(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('version').select('id').where('id', 'in', ids).forShare().execute();
  return new Set(rows.map((row) => row.id));
}

export interface ResourceChange {
  category_id: string;
  sort: number;
  status: ContentStatus;
}

/**
 * Saves a resource from `fromRevision`, bumping it; false when the revision was no longer
 * current (the row lock already makes that impossible; the condition keeps it true without one).
 */
export async function updateResource(
  db: Executor,
  id: string,
  fromRevision: number,
  change: ResourceChange,
  by: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('resource')
    .set((eb) => ({ ...change, revision: eb('revision', '+', 1), updated_by: by, updated_at: at }))
    .where('id', '=', id)
    .where('revision', '=', fromRevision)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteLocales(db: Executor, id: string, langs: readonly string[]): Promise<void> {
  if (langs.length === 0) return;
  await db.deleteFrom('resource_locale').where('resource_id', '=', id).where('lang', 'in', langs).execute();
}

/** Where a resource added to a category goes: after the last one. */
export async function nextSort(db: Executor, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('resource')
    .select((eb) => eb.fn.max<number | null>('sort').as('last'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? SORT_STEP : last + SORT_STEP;
}

export async function idsInCategory(db: Executor, categoryId: string): Promise<string[]> {
  const rows = await db.selectFrom('resource').select('id').where('category_id', '=', categoryId).execute();
  return rows.map((row) => row.id);
}

export async function existingIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('resource').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Rewrites the sorts of `ids` in the category to 10, 20, … in one statement; answers how many
 * rows it changed, fewer than `ids` when one of them has left the category meanwhile.
 */
export async function setSorts(db: Executor, categoryId: string, ids: readonly string[]): Promise<number> {
  const result = await sql`
    update resource r set sort = x.position * ${SORT_STEP}
    from unnest(${[...ids]}::text[]) with ordinality as x(id, position)
    where r.id = x.id and r.category_id = ${categoryId}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Deletes a resource (its locales, versions and attachment rows cascade); answers the storage keys those rows had. */
export async function deleteResource(db: Executor, id: string): Promise<string[]> {
  const attachments = await db.selectFrom('attachment').select('storage_key').where('resource_id', '=', id).execute();
  await db.deleteFrom('resource').where('id', '=', id).execute();
  return attachments.map((row) => row.storage_key);
}
