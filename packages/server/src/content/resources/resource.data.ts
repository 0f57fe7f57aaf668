/**
 * Data access for resources as readers see them, and their rows as a save writes them. A
 * reader's scope and the rule that picks the language a document is served in are
 * content/reader-scope.ts; a search, and the search columns of a locale row, are
 * content/search/ (search.data.ts, indexing.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus, TocRow } from '../../db/schema.js';
import { servedConditions, textArray, type ListedResource, type ReaderScope } from '../reader-scope.js';
import { searchVector, type SearchText } from '../search/indexing.js';

/**
 * Reading order: category by category as the tree lists them (`scope.categoryIds` is in tree
 * order, parents before children), then by each document's sort.
 */
const readingOrder = (scope: ReaderScope): RawBuilder<unknown> =>
  sql`array_position(${textArray(scope.categoryIds)}, r.category_id), r.sort, r.id`;

/** What a reader sees, in reading order. */
export async function listForReaders(
  db: Executor,
  scope: ReaderScope,
  page: { offset: number; limit: number } | undefined,
): Promise<ListedResource[]> {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<ListedResource>`
    select r.id, r.category_id, rl.title, rl.summary, rl.plain, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${servedConditions(scope)}
    order by ${readingOrder(scope)} ${paging}`.execute(db);
  return rows;
}

export async function countForReaders(db: Executor, scope: ReaderScope): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${servedConditions(scope)}`.execute(db);
  return rows[0]?.total ?? 0;
}

/** How many resources a reader sees in each category (not counting sub-categories). */
export async function countByCategory(db: Executor, scope: ReaderScope): Promise<Map<string, number>> {
  const { rows } = await sql<{ category_id: string; total: number }>`
    select r.category_id, count(*)::int as total
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${servedConditions(scope)}
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

/** Whole documents as a reader sees them, in reading order, where `where` holds of `r` and `rl`. */
async function served(db: Executor, scope: ReaderScope, where: RawBuilder<unknown>): Promise<ServedResource[]> {
  const { rows } = await sql<ServedResource>`
    select r.id, r.category_id, r.sort, rl.title, rl.html, rl.toc, rl.lang, greatest(r.updated_at, rl.updated_at) as updated_at
    from resource r join resource_locale rl on rl.resource_id = r.id
    where ${servedConditions(scope)} and ${where}
    order by ${readingOrder(scope)}`.execute(db);
  return rows;
}

/** One resource as a reader sees it, in the first language of the chain it exists in. */
export async function findForReader(db: Executor, id: string, scope: ReaderScope): Promise<ServedResource | undefined> {
  return (await served(db, scope, sql`r.id = ${id}`))[0];
}

/**
 * Every document a reader sees, whole, in reading order, in one statement (the FAQ's questions
 * and answers); `matching`: only the locale rows it holds for (a search's `matching`, content/search/).
 */
export async function listWholeForReaders(
  db: Executor,
  scope: ReaderScope,
  matching: RawBuilder<unknown> = sql`true`,
): Promise<ServedResource[]> {
  return served(db, scope, matching);
}

export interface ResourceValues {
  category_id: string;
  status?: ContentStatus | undefined;
  sort?: number | undefined;
  updated_by?: string | null | undefined;
}

export async function insertResource(db: Executor, id: string, values: ResourceValues): Promise<void> {
  await db
    .insertInto('resource')
    .values({ id, ...values })
    .execute();
}

/**
 * Links a resource to exactly these versions, writing only what changed: a trigger copies a
 * resource's versions into its locale rows, and deleting every link to insert them again
 * rewrote those rows twice on every save.
 */
export async function setResourceVersions(
  db: Executor,
  resourceId: string,
  versionIds: readonly string[],
): Promise<void> {
  let stale = db.deleteFrom('resource_version').where('resource_id', '=', resourceId);
  if (versionIds.length > 0) stale = stale.where('version_id', 'not in', [...versionIds]);
  await stale.execute();
  if (versionIds.length === 0) return;
  await db
    .insertInto('resource_version')
    .values(versionIds.map((version_id) => ({ resource_id: resourceId, version_id })))
    .onConflict((oc) => oc.columns(['resource_id', 'version_id']).doNothing())
    .execute();
}

/**
 * Sets the languages `resourceId` has once the caller's transaction has written them, before it
 * writes them: each locale row then takes the whole set when it is inserted (its copy for the
 * search filter), where learning them one row at a time rewrote the first row of every resource
 * written in two languages. The database settles them at commit from the rows themselves
 * (migration 20261126T2300_langs_at_commit), so a wrong word here costs a rewrite, not a wrong
 * search. Ordered as that trigger orders them, by the database's own collation.
 */
export async function announceLangs(db: Executor, resourceId: string, langs: readonly string[]): Promise<void> {
  await sql`
    update resource set langs = s.langs
    from (select array(select distinct l from unnest(${[...langs]}::text[]) l order by l) as langs) s
    where id = ${resourceId} and resource.langs is distinct from s.langs`.execute(db);
}

export interface LocaleValues extends SearchText {
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: TocRow[];
  summary: string;
  updated_at: Date;
}

/** Writes one language of a resource with its search vector, in the caller's transaction. */
export async function upsertLocale(db: Executor, resourceId: string, values: LocaleValues): Promise<void> {
  const search = searchVector(values.terms);
  const row = {
    resource_id: resourceId,
    lang: values.lang,
    title: values.title,
    markdown: values.markdown,
    html: values.html,
    toc: JSON.stringify(values.toc),
    summary: values.summary,
    plain: values.plain,
    search_text_revision: values.revision,
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
        search_text_revision: row.search_text_revision,
        updated_at: row.updated_at,
        search,
      }),
    )
    .execute();
}
