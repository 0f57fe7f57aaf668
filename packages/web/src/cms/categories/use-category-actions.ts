import { useTranslation } from 'react-i18next';
import type { ApiData, CmsCategory, ContentStatus } from '@open/protocol/api';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';
import { moveWithinTree, type Move } from './tree-moves';
import { categoriesChanged } from './use-category-list';

/** A saved state of a category, as its history lists it. */
type CategorySnapshot = ApiData<'cms/get_category_backup_info'>['list'][number]['snapshot'];

/**
 * The changes the category panel makes: a move, a status, a removal, a saved state restored.
 * Each says how it went, then every category list and the history shown fetch again.
 */
export function useCategoryActions(list: readonly CmsCategory[], refreshHistory: () => void) {
  const { t } = useTranslation();
  const { attempt } = useFeedback();

  const act = async (work: () => Promise<unknown>, success: string) => {
    await attempt(work, success);
    // Every list of categories, this tree and the editor's picker alike, fetches them again.
    categoriesChanged();
    refreshHistory();
  };

  const move = (category: CmsCategory, to: Move) => {
    const plan = moveWithinTree(list, category._id, to);
    if (!plan) return;
    void act(() => call('cms/set_category_sort', plan), t('cms.categories.moved'));
  };

  const setStatus = (category: CmsCategory, status: ContentStatus) =>
    act(
      () => call('cms/set_category_status', { _id: category._id, status, revision: category.revision }),
      t('cms.status.changed'),
    );

  const remove = (category: CmsCategory) =>
    act(
      () => call('cms/remove_category_info', { _id: category._id, revision: category.revision }),
      t('cms.categories.deleted'),
    );

  const restore = (category: CmsCategory, snapshot: CategorySnapshot) =>
    act(
      () =>
        call('cms/set_category_info', {
          _id: category._id,
          revision: category.revision,
          names: snapshot.names,
          parent_id: snapshot.parent_id,
          kind: snapshot.kind,
          sort: snapshot.sort,
        }),
      t('cms.history.restored'),
    );

  return { move, setStatus, remove, restore };
}

export type CategoryActions = ReturnType<typeof useCategoryActions>;
