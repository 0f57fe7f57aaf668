import type { DocCategory } from '@open/protocol/api';

/** The sidebar's highlight for the list of every document (no category chosen). */
export const ALL_DOCUMENTS = '';

/** The categories from a root down to the one with `id` (empty when it is not in the tree). */
export function pathTo(list: readonly DocCategory[], id: string): DocCategory[] {
  for (const category of list) {
    if (category._id === id) return [category];
    const below = pathTo(category.children, id);
    if (below.length) return [category, ...below];
  }
  return [];
}

/** Every category, depth first, with its depth (for an indented select). */
export function flatten(list: readonly DocCategory[], depth = 0): { category: DocCategory; depth: number }[] {
  return list.flatMap((category) => [{ category, depth }, ...flatten(category.children, depth + 1)]);
}

/**
 * The categories a reader can open: those with at least one document in them or below them.
 * A published category still being filled would otherwise show '0' and an empty page.
 */
export function withDocuments(list: readonly DocCategory[]): DocCategory[] {
  return list
    .filter((category) => category.resource_count > 0)
    .map((category) => ({ ...category, children: withDocuments(category.children) }));
}
