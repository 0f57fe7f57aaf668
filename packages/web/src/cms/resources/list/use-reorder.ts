import { useState, type DragEvent, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsResourceItem } from '@open/protocol/api';
import { call } from '../../../api/client';
import { movedTo } from './order';
import type { Act } from './use-resource-actions';

/**
 * Reordering the resources of one category: a row dragged onto another takes its place, and
 * the move buttons shift a row by one. `categoryId` is the category in view, whole (`sortable`).
 */
export function useReorder(options: {
  categoryId: string | undefined;
  sortable: boolean;
  rows: readonly CmsResourceItem[];
  act: Act;
}) {
  const { categoryId, sortable, rows, act } = options;
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | undefined>();

  const reorder = (id: string, to: number) => {
    if (!categoryId) return;
    const current = rows.map((row) => row._id);
    const ids = movedTo(current, id, to);
    void act(() => call('cms/set_resource_sort', { category_id: categoryId, ids }), t('cms.resources.moved'));
  };

  /** Moves a row one place up (-1) or down (1). */
  const move = (row: CmsResourceItem, by: -1 | 1) => {
    reorder(row._id, rows.indexOf(row) + by);
  };

  /** A table row's drag and drop, while the category can be reordered. */
  const rowProps = (row: CmsResourceItem): HTMLAttributes<HTMLElement> =>
    sortable
      ? {
          draggable: true,
          onDragStart: () => {
            setDragged(row._id);
          },
          onDragOver: (event: DragEvent) => {
            // Without this the browser refuses the drop.
            event.preventDefault();
          },
          onDrop: () => {
            if (dragged && dragged !== row._id) reorder(dragged, rows.indexOf(row));
            setDragged(undefined);
          },
        }
      : {};

  return { move, rowProps };
}
