import { Button, Empty, Popconfirm, Space, Spin, Tag, Tree } from 'antd';
import type { TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsCategory, ContentStatus } from '@open/protocol/api';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { HistoryDrawer } from '../shared/HistoryDrawer';
import { useFeedback } from '../../ui/feedback';
import { nextStatuses, StatusTag } from '../shared/status';
import { Heading, Muted, MutedParagraph, PanelTitle } from '../shared/text';
import { CategoryFormModal } from './CategoryFormModal';
import { categoryText, findCategory, moveWithinTree, siblingsOf, type Move } from './tree-moves';
import { categoriesChanged, useCategoryList } from './use-category-list';

/** The category tree: drag (or the move buttons) to reorder and re-parent; edit, publish, delete. */
export function Component() {
  const { t } = useTranslation();
  const { attempt } = useFeedback();
  const tree = useCategoryList();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ category?: CmsCategory; parentId: string | null } | undefined>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const list = useMemo(() => tree.data?.list ?? [], [tree.data]);
  const selected = selectedId ? findCategory(list, selectedId) : undefined;
  const backups = useApiQuery(
    'cms/get_category_backup_info',
    historyOpen && selected ? { _id: selected._id } : undefined,
  );

  const act = async (work: () => Promise<unknown>, success: string) => {
    await attempt(work, success);
    // Every list of categories, this tree and the editor's picker alike, fetches them again.
    categoriesChanged();
    backups.retry();
  };

  const move = (category: CmsCategory, to: Move) => {
    const plan = moveWithinTree(list, category._id, to);
    if (!plan) return;
    void act(() => call('cms/set_category_sort', plan), t('cms.categories.moved'));
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = findCategory(list, String(info.dragNode.key));
    if (!dragged) return;
    // Dropped on a node: into it, as its first child; between nodes: after the node it was dropped on.
    const target = String(info.node.key);
    move(dragged, info.dropToGap ? { after: target } : { into: target });
  };

  const setStatus = (category: CmsCategory, status: ContentStatus) =>
    act(
      () => call('cms/set_category_status', { _id: category._id, status, revision: category.revision }),
      t('cms.status.changed'),
    );

  const toNodes = (categories: readonly CmsCategory[]): NonNullable<TreeProps['treeData']> =>
    categories.map((category) => ({
      key: category._id,
      title: (
        <Space size="small" className="category-node" data-testid={`category-${category._id}`}>
          <span>{category.name}</span>
          <StatusTag status={category.status} />
          {category.kind === 'faq' && <Tag>{t('cms.categories.kindFaq')}</Tag>}
          <Muted>{category.resource_count}</Muted>
        </Space>
      ),
      children: toNodes(category.children),
    }));

  const siblings = selected ? siblingsOf(list, selected._id) : [];
  const index = selected ? siblings.findIndex((c) => c._id === selected._id) : -1;
  const previous = index > 0 ? siblings[index - 1] : undefined;

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
        <div className="categories-tree">
          {tree.data === undefined && tree.loading ? (
            <Spin />
          ) : list.length === 0 ? (
            <Empty description={t('cms.categories.empty')} />
          ) : (
            <Tree
              draggable={{ icon: false }}
              blockNode
              defaultExpandAll
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => {
                setSelectedId(keys[0] === undefined ? undefined : String(keys[0]));
              }}
              onDrop={onDrop}
              treeData={toNodes(list)}
              data-testid="category-tree"
            />
          )}
        </div>
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
              <Space wrap>
                <Button
                  onClick={() => {
                    setEditing({ category: selected, parentId: selected.parent_id });
                  }}
                  data-testid="category-edit"
                >
                  {t('shell.common.edit')}
                </Button>
                <Button
                  onClick={() => {
                    setEditing({ parentId: selected._id });
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
                      void setStatus(selected, next.to);
                    }}
                  >
                    <Button data-testid="category-status">{t(next.key)}</Button>
                  </Popconfirm>
                ))}
                <Button
                  onClick={() => {
                    setHistoryOpen(true);
                  }}
                >
                  {t('cms.history.title')}
                </Button>
                <Popconfirm
                  title={t('shell.common.confirmDelete')}
                  description={selected.name}
                  okText={t('shell.common.ok')}
                  cancelText={t('shell.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => {
                    void act(
                      () => call('cms/remove_category_info', { _id: selected._id, revision: selected.revision }),
                      t('cms.categories.deleted'),
                    ).then(() => {
                      setSelectedId(undefined);
                    });
                  }}
                >
                  <Button danger data-testid="category-delete">
                    {t('shell.common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
              <Muted>{t('cms.categories.moveHelp')}</Muted>
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
            </Space>
          )}
        </div>
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
          onRestore={(backup) =>
            act(
              () =>
                call('cms/set_category_info', {
                  _id: selected._id,
                  revision: selected.revision,
                  names: backup.snapshot.names,
                  parent_id: backup.snapshot.parent_id,
                  kind: backup.snapshot.kind,
                  sort: backup.snapshot.sort,
                }),
              t('cms.history.restored'),
            )
          }
        />
      )}
    </section>
  );
}
