import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsCategory } from '@open/protocol/api';
import { nextStatuses, StatusTag } from '../shared/status';
import { Heading, Muted } from '../shared/text';
import type { CategoryEditing } from './CategoryFormModal';
import { siblingsOf } from './tree-moves';
import type { CategoryActions } from './use-category-actions';

/** The selected category's buttons: edit, add a child, change its status, its history, delete. */
function CategoryButtons(props: {
  selected: CmsCategory;
  actions: CategoryActions;
  onEdit: (editing: CategoryEditing) => void;
  onHistory: () => void;
  onDeleted: () => void;
}) {
  const { selected, actions, onEdit, onHistory, onDeleted } = props;
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button
        onClick={() => {
          onEdit({ category: selected, parentId: selected.parent_id });
        }}
        data-testid="category-edit"
      >
        {t('shell.common.edit')}
      </Button>
      <Button
        onClick={() => {
          onEdit({ parentId: selected._id });
        }}
        data-testid="category-add-child"
      >
        {t('cms.categories.addChild')}
      </Button>
      {nextStatuses(selected.status).map((next) => (
        <Popconfirm
          key={next.to}
          title={t('shell.common.confirmSwitch')}
          description={selected.name}
          okText={t('shell.common.ok')}
          cancelText={t('shell.common.cancel')}
          onConfirm={() => {
            void actions.setStatus(selected, next.to);
          }}
        >
          <Button data-testid="category-status">{t(next.key)}</Button>
        </Popconfirm>
      ))}
      <Button onClick={onHistory}>{t('cms.history.title')}</Button>
      <Popconfirm
        title={t('shell.common.confirmDelete')}
        description={selected.name}
        okText={t('shell.common.ok')}
        cancelText={t('shell.common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => {
          void actions.remove(selected).then(onDeleted);
        }}
      >
        <Button danger data-testid="category-delete">
          {t('shell.common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The buttons that move the selected category: up, down, into the one above, out of its parent. */
function MoveButtons({
  selected,
  list,
  actions,
}: {
  selected: CmsCategory;
  list: readonly CmsCategory[];
  actions: CategoryActions;
}) {
  const { t } = useTranslation();
  const siblings = siblingsOf(list, selected._id);
  const index = siblings.findIndex((c) => c._id === selected._id);
  const previous = index > 0 ? siblings[index - 1] : undefined;
  const { move } = actions;
  return (
    <Space wrap aria-label={t('cms.categories.move')}>
      <Button
        disabled={index <= 0}
        onClick={() => {
          move(selected, { up: true });
        }}
      >
        {t('cms.categories.moveUp')}
      </Button>
      <Button
        disabled={index < 0 || index >= siblings.length - 1}
        onClick={() => {
          move(selected, { down: true });
        }}
      >
        {t('cms.categories.moveDown')}
      </Button>
      <Button
        disabled={!previous}
        onClick={() => {
          if (previous) move(selected, { into: previous._id });
        }}
      >
        {t('cms.categories.indent')}
      </Button>
      <Button
        disabled={selected.parent_id === null}
        onClick={() => {
          move(selected, { outdent: true });
        }}
      >
        {t('cms.categories.outdent')}
      </Button>
    </Space>
  );
}

/** The selected category (or a hint to choose one): its name, status, count and what can be done to it. */
export function CategoryDetail(props: {
  selected: CmsCategory | undefined;
  list: readonly CmsCategory[];
  actions: CategoryActions;
  onEdit: (editing: CategoryEditing) => void;
  onHistory: () => void;
  onDeleted: () => void;
}) {
  const { selected, list, actions, onEdit, onHistory, onDeleted } = props;
  const { t } = useTranslation();
  return (
    <div className="categories-detail" data-testid="category-detail">
      {!selected ? (
        <Muted>{t('cms.categories.choose')}</Muted>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Heading level={4} style={{ margin: 0 }}>
            {selected.name}
          </Heading>
          <Space wrap>
            <StatusTag status={selected.status} />
            <Muted>{t('cms.categories.documents', { count: selected.resource_count })}</Muted>
          </Space>
          <CategoryButtons
            selected={selected}
            actions={actions}
            onEdit={onEdit}
            onHistory={onHistory}
            onDeleted={onDeleted}
          />
          <Muted>{t('cms.categories.moveHelp')}</Muted>
          <MoveButtons selected={selected} list={list} actions={actions} />
        </Space>
      )}
    </div>
  );
}
