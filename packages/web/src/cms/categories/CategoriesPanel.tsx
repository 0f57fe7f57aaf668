import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-query';
import { HistoryDrawer } from '../shared/HistoryDrawer';
import { MutedParagraph, PanelTitle } from '../shared/text';
import { CategoryDetail } from './CategoryDetail';
import { CategoryFormModal, type CategoryEditing } from './CategoryFormModal';
import { CategoryTree } from './CategoryTree';
import { categoryText, findCategory } from './tree-moves';
import { useCategoryActions } from './use-category-actions';
import { categoriesChanged, useCategoryList } from './use-category-list';

/** The category tree: drag (or the move buttons) to reorder and re-parent; edit, publish, delete. */
export function Component() {
  const { t } = useTranslation();
  const tree = useCategoryList();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [editing, setEditing] = useState<CategoryEditing | undefined>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const list = useMemo(() => tree.data?.list ?? [], [tree.data]);
  const selected = selectedId ? findCategory(list, selectedId) : undefined;
  const backups = useApiQuery(
    'cms/get_category_backup_info',
    historyOpen && selected ? { _id: selected._id } : undefined,
  );
  const actions = useCategoryActions(list, backups.retry);

  return (
    <section className="cms-panel">
      <div className="cms-toolbar">
        <PanelTitle>{t('cms.categories.title')}</PanelTitle>
        <Space wrap>
          <Button onClick={tree.retry}>{t('shell.common.refresh')}</Button>
          <Button
            type="primary"
            data-testid="category-create"
            onClick={() => {
              setEditing({ parentId: null });
            }}
          >
            {t('cms.categories.create')}
          </Button>
        </Space>
      </div>
      <MutedParagraph>{t('cms.categories.dragHelp')}</MutedParagraph>
      <div className="categories-layout">
        <CategoryTree
          loading={tree.data === undefined && tree.loading}
          list={list}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onMove={actions.move}
        />
        <CategoryDetail
          selected={selected}
          list={list}
          actions={actions}
          onEdit={setEditing}
          onHistory={() => {
            setHistoryOpen(true);
          }}
          onDeleted={() => {
            setSelectedId(undefined);
          }}
        />
      </div>
      <CategoryFormModal
        open={editing !== undefined}
        category={editing?.category}
        parentId={editing?.parentId ?? null}
        onClose={() => {
          setEditing(undefined);
        }}
        onSaved={() => {
          setEditing(undefined);
          categoriesChanged();
        }}
      />
      {selected && (
        <HistoryDrawer
          open={historyOpen}
          title={t('cms.history.of', { name: selected.name })}
          backups={backups.data?.list}
          current={categoryText(selected)}
          asText={(backup) => categoryText(backup.snapshot)}
          onClose={() => {
            setHistoryOpen(false);
          }}
          onRestore={(backup) => actions.restore(selected, backup.snapshot)}
        />
      )}
    </section>
  );
}
