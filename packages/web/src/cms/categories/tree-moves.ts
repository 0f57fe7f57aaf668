import type { CmsCategory } from '@open/protocol/api';

/** Where a category goes: one step among its siblings, into another category, after one, or out. */
export type Move = { up: true } | { down: true } | { into: string } | { after: string } | { outdent: true };

export function findCategory(list: readonly CmsCategory[], id: string): CmsCategory | undefined {
  for (const category of list) {
    if (category._id === id) return category;
    const below = findCategory(category.children, id);
    if (below) return below;
  }
  return undefined;
}

/** The categories under the same parent as `id`, itself included, in order. */
export function siblingsOf(list: readonly CmsCategory[], id: string): readonly CmsCategory[] {
  const category = findCategory(list, id);
  if (!category) return [];
  return category.parent_id === null ? list : (findCategory(list, category.parent_id)?.children ?? []);
}

const childrenOf = (list: readonly CmsCategory[], parentId: string | null) =>
  parentId === null ? list : (findCategory(list, parentId)?.children ?? []);

/**
 * The `cms/set_category_sort` call that makes a move: the new parent and the full order of its
 * children. Undefined when the move goes nowhere or would put a category under itself.
 */
export function moveWithinTree(
  list: readonly CmsCategory[],
  id: string,
  move: Move,
): { parent_id: string | null; ids: string[] } | undefined {
  const moving = findCategory(list, id);
  if (!moving) return undefined;
  const ids = (categories: readonly CmsCategory[]) => categories.map((c) => c._id).filter((c) => c !== id);
  if ('up' in move || 'down' in move) {
    const order = siblingsOf(list, id).map((c) => c._id);
    const at = order.indexOf(id);
    const to = 'up' in move ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return undefined;
    order.splice(at, 1);
    order.splice(to, 0, id);
    return { parent_id: moving.parent_id, ids: order };
  }
  if ('outdent' in move) {
    if (moving.parent_id === null) return undefined;
    const parent = findCategory(list, moving.parent_id);
    if (!parent) return undefined;
    const order = ids(childrenOf(list, parent.parent_id));
    order.splice(order.indexOf(parent._id) + 1, 0, id);
    return { parent_id: parent.parent_id, ids: order };
  }
  const targetId = 'into' in move ? move.into : move.after;
  // Never under itself: the target may not be the category or anything below it.
  if (targetId === id || findCategory(moving.children, targetId)) return undefined;
  const target = findCategory(list, targetId);
  if (!target) return undefined;
  if ('into' in move) return { parent_id: target._id, ids: [...ids(target.children), id] };
  const order = ids(childrenOf(list, target.parent_id));
  order.splice(order.indexOf(target._id) + 1, 0, id);
  return { parent_id: target.parent_id, ids: order };
}

/** A category's names, one language a line, for comparing saved states. */
export function categoryText(category: { names: Partial<Record<string, string>> }): string {
  return Object.entries(category.names)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([lang, name]) => `${lang}: ${name ?? ''}\n`)
    .join('');
}

export interface CategoryOption {
  value: string;
  title: string;
  children: CategoryOption[];
}

/** The tree as the options of a tree select. */
export function categoryOptions(list: readonly CmsCategory[]): CategoryOption[] {
  return list.map((c) => ({ value: c._id, title: c.name, children: categoryOptions(c.children) }));
}

/**
 * The categories a tree select shows open: every one with children but those the person
 * closed. Counted from the list each time, so a category that gains its first child while the
 * picker is open shows that child, where a tree expanded once when it opened would hide it.
 */
export function openCategoryIds(list: readonly CmsCategory[], closed: ReadonlySet<string>): string[] {
  return list.flatMap((c) =>
    c.children.length ? [...(closed.has(c._id) ? [] : [c._id]), ...openCategoryIds(c.children, closed)] : [],
  );
}

/** The categories closed in a tree select, given the ones it now has open. */
export function closedCategoryIds(list: readonly CmsCategory[], open: readonly unknown[]): Set<string> {
  const all = openCategoryIds(list, new Set());
  return new Set(all.filter((id) => !open.includes(id)));
}
