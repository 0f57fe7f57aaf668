/**
 * Data access for resources. The documentation side's queries serve each resource in the
 * first language of a fallback chain it exists in; `served` below is that rule in SQL, shared
 * by the list, the count and the search so the three always agree.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus, TocRow } from '../../db/schema.js';

export interface ReaderFilter {
  /** Languages in order of preference: the asked one, the tenant's, zh-CN, English. */
  chain: readonly string[];
  /** Categories a reader may see (published, under published parents); narrowed by category_id. */
  categoryIds: readonly string[];
  /** A version id, or undefined for every version. */
  versionId: string | undefined;
  /** A to_tsquery('english', …) string; '' (a keyword of punctuation only) matches nothing. */
  tsquery: string | undefined;
}

export interface ListedResource {
  id: string;
  category_id: string;
  title: string;
  summary: string;
  plain: string;
  lang: string;
  updated_at: Date;
}

const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

/** The WHERE of every reader query over `r` (resource) and `rl` (its served locale). */
function readerConditions(filter: ReaderFilter): RawBuilder<unknown> {
  const chain = textArray(filter.chain);
  const conditions = [
    sql`r.status = 2`,
    sql`r.category_id = any(${textArray(filter.categoryIds)})`,
    sql`rl.lang = any(${chain})`,
    // No language earlier in the chain exists for this resource: rl is the one served.
    sql`not exists (select 1 from resource_locale better where better.resource_id = r.id
          and array_position(${chain}, better.lang) < array_position(${chain}, rl.lang))`,
  ];
  if (filter.versionId !== undefined) {
    conditions.push(
      sql`exists (select 1 from resource_version rv where rv.resource_id = r.id and rv.version_id = ${filter.versionId})`,
    );
  }
  if (filter.tsquery === '') conditions.push(sql`false`);
  else if (filter.tsquery !== undefined) conditions.push(sql`rl.search @@ to_tsquery('english', ${filter.tsquery})`);
  return sql.join(conditions, sql` and `);
}

export async function listForReaders(
  db: Executor,
  filter: ReaderFilter,
  page: { offset: number; limit: number } | undefined,
): Promise<ListedResource[]> {
  const order = !filter.tsquery
    ? sql`r.sort, r.id`
    : // Title (A) above headings (B) above body (C): ts_rank_cd's default weights.
      sql`ts_rank_cd(rl.search, to_tsquery('english', ${filter.tsquery})) desc, r.sort, r.id`;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<ListedResource>`
    select r.id, r.category_id, rl.title, rl.summary, rl.plain, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}
    order by ${order} ${paging}`.execute(db);
  return rows;
}

export async function countForReaders(db: Executor, filter: ReaderFilter): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** How many resources a reader sees in each category (not counting sub-categories). */
export async function countByCategory(db: Executor, filter: ReaderFilter): Promise<Map<string, number>> {
  const { rows } = await sql<{ category_id: string; total: number }>`
    select r.category_id, count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${readerConditions(filter)}
    group by r.category_id`.execute(db);
  return new Map(rows.map((row) => [row.category_id, row.total]));
}

export interface ServedResource {
  id: string;
  category_id: string;
  sort: number;
  title: string;
  html: string;
  toc: TocRow[];
  lang: string;
  updated_at: Date;
}

/** One resource as a reader sees it, in the first language of the chain it exists in. */
export async function findForReader(
  db: Executor,
  id: string,
  filter: ReaderFilter,
): Promise<ServedResource | undefined> {
  const { rows } = await sql<ServedResource>`
    select r.id, r.category_id, r.sort, rl.title, rl.html, rl.toc, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where r.id = ${id} and ${readerConditions(filter)}`.execute(db);
  return rows[0];
}

export interface AttachmentRow {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export function attachmentsOf(db: Executor, resourceId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('attachment')
    .select(['id', 'name', 'mime', 'size'])
    .where('resource_id', '=', resourceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface ResourceValues {
  category_id: string;
  status?: ContentStatus;
  sort?: number;
}

export async function insertResource(db: Executor, id: string, values: ResourceValues): Promise<void> {
  await db
    .insertInto('resource')
    .values({ id, ...values })
    .execute();
}

export async function setResourceVersions(
  db: Executor,
  resourceId: string,
  versionIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('resource_version').where('resource_id', '=', resourceId).execute();
  if (versionIds.length === 0) return;
  await db
    .insertInto('resource_version')
    .values(versionIds.map((version_id) => ({ resource_id: resourceId, version_id })))
    .execute();
}

export interface LocaleValues {
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: TocRow[];
  summary: string;
  plain: string;
  /** Segmented terms of each field (see content/search/terms.ts). */
  terms: { title: string; headings: string; body: string };
  updated_at: Date;
}

/** Writes one language of a resource with its search vector, in the caller's transaction. */
export async function upsertLocale(db: Executor, resourceId: string, values: LocaleValues): Promise<void> {
  const search = sql<string>`setweight(to_tsvector('english', ${values.terms.title}), 'A')
    || setweight(to_tsvector('english', ${values.terms.headings}), 'B')
    || setweight(to_tsvector('english', ${values.terms.body}), 'C')`;
  const row = {
    resource_id: resourceId,
    lang: values.lang,
    title: values.title,
    markdown: values.markdown,
    html: values.html,
    toc: JSON.stringify(values.toc),
    summary: values.summary,
    plain: values.plain,
    updated_at: values.updated_at,
  };
  await db
    .insertInto('resource_locale')
    .values({ ...row, search })
    .onConflict((oc) =>
      oc.columns(['resource_id', 'lang']).doUpdateSet({
        title: row.title,
        markdown: row.markdown,
        html: row.html,
        toc: row.toc,
        summary: row.summary,
        plain: row.plain,
        updated_at: row.updated_at,
        search,
      }),
    )
    .execute();
}
