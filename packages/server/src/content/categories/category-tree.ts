/** The CMS's category tree, built in memory from every row (a documentation tree is small). */
import type { CmsCategory } from '@open/protocol/api';
import { DEFAULT_LANG, isLang, langCodes, type Lang } from '@open/protocol/locales';
import type { CategoryKind } from '../../db/schema.js';
import type { CmsCategoryRow } from './category-cms.data.js';

/**
 * The name in `lang`, else in the Chinese original, else the first language in the product's
 * order: the same rule as a resource's title, and the same answer on every call.
 */
export function pickName(names: Record<string, string>, lang: Lang | undefined): string {
  for (const candidate of [lang, DEFAULT_LANG, ...langCodes]) {
    if (candidate !== undefined && names[candidate] !== undefined) return names[candidate];
  }
  return '';
}

/** Stored names in the product's language order; languages were validated on the way in. */
export function orderedNames(names: Record<string, string>): Partial<Record<Lang, string>> {
  const out: Partial<Record<Lang, string>> = {};
  for (const lang of langCodes) if (names[lang] !== undefined) out[lang] = names[lang];
  for (const lang of Object.keys(names)) {
    if (!isLang(lang)) throw new Error(`stored category name has an unknown language: ${lang}`);
  }
  return out;
}

export interface Tree {
  roots: CmsCategory[];
  byId: Map<string, CmsCategory>;
}

/**
 * Roots and children by sort. A row whose parent is not among the rows is a root: the top of a
 * subtree read on its own, or, with `kind`, a category under one of the other kind (shown
 * rather than lost).
 */
export function buildTree(rows: readonly CmsCategoryRow[], lang?: Lang, kind?: CategoryKind): Tree {
  const kept = kind === undefined ? rows : rows.filter((row) => row.kind === kind);
  const byId = new Map<string, CmsCategory>();
  for (const row of kept) {
    byId.set(row.id, {
      _id: row.id,
      parent_id: row.parent_id,
      kind: row.kind,
      status: row.status,
      sort: row.sort,
      revision: row.revision,
      name: pickName(row.names, lang),
      names: orderedNames(row.names),
      resource_count: row.resource_count,
      updated_at: row.updated_at.toISOString(),
      updated_by: row.updated_by,
      children: [],
    });
  }
  const roots: CmsCategory[] = [];
  // Rows come ordered by sort, so each list of children is too.
  for (const row of kept) {
    const node = byId.get(row.id);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (node) (parent ? parent.children : roots).push(node);
  }
  return { roots, byId };
}

/** Every category id in reading order: parents before children, siblings in the order given (by sort). */
export function treeOrder(rows: readonly { id: string; parent_id: string | null }[]): string[] {
  const children = new Map<string | null, string[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  const order: string[] = [];
  const walk = (parent: string | null) => {
    for (const id of children.get(parent) ?? []) {
      order.push(id);
      walk(id);
    }
  };
  walk(null);
  return order;
}
