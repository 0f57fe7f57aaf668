import { Empty, Space, Spin, Tag, Tree } from 'antd';
import type { TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsCategory } from '@open/protocol/api';
import { StatusTag } from '../shared/status';
import { Muted } from '../shared/text';
import { findCategory, type Move } from './tree-moves';

/** One category in the tree: its name, status, kind and how many documents it holds. */
function CategoryNode({ category }: { category: CmsCategory }) {
  const { t } = useTranslation();
  return (
    <Space size="small" className="category-node" data-testid={`category-${category._id}`}>
      <span>{category.name}</span>
      <StatusTag status={category.status} />
      {category.kind === 'faq' && <Tag>{t('cms.categories.kindFaq')}</Tag>}
      <Muted>{category.resource_count}</Muted>
    </Space>
  );
}

const toNodes = (categories: readonly CmsCategory[]): NonNullable<TreeProps['treeData']> =>
  categories.map((category) => ({
    key: category._id,
    title: <CategoryNode category={category} />,
    children: toNodes(category.children),
  }));

/** The category tree, its nodes dragged to reorder and re-parent; a click selects one. */
export function CategoryTree(props: {
  /** The first answer is on its way. */
  loading: boolean;
  list: readonly CmsCategory[];
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
  onMove: (category: CmsCategory, to: Move) => void;
}) {
  const { loading, list, selectedId, onSelect, onMove } = props;
  const { t } = useTranslation();

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = findCategory(list, String(info.dragNode.key));
    if (!dragged) return;
    // Dropped on a node: into it, as its first child; between nodes: after the node it was dropped on.
    const target = String(info.node.key);
    onMove(dragged, info.dropToGap ? { after: target } : { into: target });
  };

  return (
    <div className="categories-tree">
      {loading ? (
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
            onSelect(keys[0] === undefined ? undefined : String(keys[0]));
          }}
          onDrop={onDrop}
          treeData={toNodes(list)}
          data-testid="category-tree"
        />
      )}
    </div>
  );
}
