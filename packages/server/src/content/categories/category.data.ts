/** Data access for categories: plain queries on whatever executor the service hands in. */
import type { Executor } from '../../db/executor.js';
import type { CategoryKind, ContentStatus } from '../../db/schema.js';

export interface CategoryWithNames {
  id: string;
  parent_id: string | null;
  kind: CategoryKind;
  status: ContentStatus;
  sort: number;
  revision: number;
  names: Record<string, string>;
}

/** Every category with its names in every language: the tree is small, and built in memory. */
export async function listCategories(db: Executor): Promise<CategoryWithNames[]> {
  const [rows, names] = await Promise.all([
    db
      .selectFrom('category')
      .select(['id', 'parent_id', 'kind', 'status', 'sort', 'revision'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('category_locale').select(['category_id', 'lang', 'name']).execute(),
  ]);
  const byCategory = new Map<string, Record<string, string>>();
  for (const { category_id, lang, name } of names) {
    const entry = byCategory.get(category_id) ?? {};
    entry[lang] = name;
    byCategory.set(category_id, entry);
  }
  return rows.map((row) => ({ ...row, names: byCategory.get(row.id) ?? {} }));
}

export interface CategoryValues {
  parent_id: string | null;
  kind?: CategoryKind;
  status?: ContentStatus;
  sort?: number;
  /** The account that created it; none for the seed. */
  updated_by?: string | null;
  names: Record<string, string>;
}

export async function insertCategory(db: Executor, id: string, values: CategoryValues): Promise<void> {
  const { names, ...row } = values;
  await db
    .insertInto('category')
    .values({ id, ...row })
    .execute();
  const locales = Object.entries(names).map(([lang, name]) => ({ category_id: id, lang, name }));
  if (locales.length > 0) await db.insertInto('category_locale').values(locales).execute();
}
