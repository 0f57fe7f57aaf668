/**
 * What a reader may see, and the one rule that picks the language a document is served in.
 * The rule is written twice, side by side here so the two cannot drift apart: over the
 * resource row (`servedConditions`: the list, the count, the tree's counts, one document) and
 * over the copies of it that triggers keep in each locale row (`servedCopyConditions`: a
 * search, which reads nothing but the locale row; migration 20261123T1600_search_filter).
 */
import { sql, type RawBuilder } from 'kysely';

export interface ReaderScope {
  /** Languages in order of preference: the asked one, then DOC_FALLBACK_LANGS (config.ts). */
  chain: readonly string[];
  /** Categories a reader may see (published, under published parents), in tree order. */
  categoryIds: readonly string[];
  /** A version id, or undefined for every version. */
  versionId: string | undefined;
}

/** A document as a list of them shows it (the reader's list, a search's results). */
export interface ListedResource {
  id: string;
  category_id: string;
  title: string;
  summary: string;
  plain: string;
  lang: string;
  updated_at: Date;
}

export const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

/**
 * What a reader may see of the resource `r` of the locale row `rl`: published, in a visible
 * category and the asked version, and `rl` is the language it is served in.
 */
export function servedConditions(scope: ReaderScope): RawBuilder<unknown> {
  const chain = textArray(scope.chain);
  const conditions = [
    sql`rl.lang = any(${chain})`,
    sql`r.status = 2`,
    sql`r.category_id = any(${textArray(scope.categoryIds)})`,
    // Served: the resource has no language earlier in the chain than rl's. `langs` is kept by
    // a trigger (migration 20261123T1500_search), so this reads no other locale row.
    sql`not (r.langs && (${chain})[1:array_position(${chain}, rl.lang) - 1])`,
  ];
  if (scope.versionId !== undefined) {
    conditions.push(
      sql`exists (select 1 from resource_version rv where rv.resource_id = r.id and rv.version_id = ${scope.versionId})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * `servedConditions` read from the copies of the resource kept in the locale row `rl`: a
 * search for a broad word checks every match, and a probe into `resource` for each was most
 * of its time.
 */
export function servedCopyConditions(scope: ReaderScope): RawBuilder<unknown> {
  const conditions = [
    sql`rl.resource_status = 2`,
    sql`rl.resource_category_id = any(${textArray(scope.categoryIds)})`,
    // Served: the resource has no language earlier in the chain than rl's, spelled out per
    // language so that no row builds an array slice (with one, counting 8,700 matches took
    // 5.0 ms instead of 3.7 ms on PostgreSQL); a language outside the chain is never served.
    sql`case rl.lang ${sql.join(
      scope.chain.map((lang, at) =>
        at === 0
          ? sql`when ${lang} then true`
          : sql`when ${lang} then not (rl.resource_langs && ${textArray(scope.chain.slice(0, at))})`,
      ),
      sql` `,
    )} else false end`,
  ];
  if (scope.versionId !== undefined) conditions.push(sql`${scope.versionId} = any(rl.resource_version_ids)`);
  return sql.join(conditions, sql` and `);
}
