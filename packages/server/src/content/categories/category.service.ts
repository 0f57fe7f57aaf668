import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import type { ReadCache } from '../../db/read-cache.js';
import type { CategoryKind } from '../../db/schema.js';
import * as data from './category.data.js';

/** A category as a reader sees it: its name in the first language of the chain that has one. */
export interface VisibleCategory {
  id: string;
  parent_id: string | null;
  kind: CategoryKind;
  sort: number;
  name: string;
  /** Its own id and the ids of every visible category below it. */
  subtree: string[];
}

/** Picks the first language of the chain that has a value, else any. */
export function pickLocale<T>(values: Record<string, T>, chain: readonly string[]): T | undefined {
  for (const lang of chain) if (values[lang] !== undefined) return values[lang];
  return Object.values(values)[0];
}

export interface CategoryServiceDeps {
  db: Executor;
  readCache: ReadCache;
}

export function createCategoryService({ db, readCache }: CategoryServiceDeps) {
  const all = (): Promise<data.CategoryWithNames[]> =>
    readCache.get('content/categories', () => data.listCategories(db));

  return {
    /**
     * What readers may see: published categories whose every ancestor is published, in tree
     * order (parents before children, siblings by sort).
     */
    async visible(chain: readonly string[]): Promise<VisibleCategory[]> {
      const rows = await all();
      const children = new Map<string | null, data.CategoryWithNames[]>();
      for (const row of rows) {
        const siblings = children.get(row.parent_id) ?? [];
        siblings.push(row);
        children.set(row.parent_id, siblings);
      }
      const out: VisibleCategory[] = [];
      const walk = (parent: string | null): string[] => {
        const ids: string[] = [];
        for (const row of children.get(parent) ?? []) {
          if (row.status !== 2) continue;
          const entry: VisibleCategory = {
            id: row.id,
            parent_id: row.parent_id,
            kind: row.kind,
            sort: row.sort,
            name: pickLocale(row.names, chain) ?? '',
            subtree: [row.id],
          };
          out.push(entry);
          entry.subtree.push(...walk(row.id));
          ids.push(...entry.subtree);
        }
        return ids;
      };
      walk(null);
      return out;
    },

    /** For the seed and, later, the CMS. */
    async create(db2: Executor, values: data.CategoryValues): Promise<string> {
      const id = randomUUID();
      await data.insertCategory(db2, id, values);
      return id;
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
