import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsCategory, CmsVersion } from '@open/protocol/api';
import { categoryOptions, closedCategoryIds, openCategoryIds } from '../categories/tree-moves';
import type { EditState } from './edit-state';

/** Where the resource is filed: its category (required) and the versions it belongs to. */
export function EditorMeta(props: {
  edit: EditState;
  categories: readonly CmsCategory[];
  versions: readonly CmsVersion[];
  onChange: (change: Partial<EditState>) => void;
  /** The category picker opens: its categories are fetched again, in case one was made meanwhile. */
  onCategoriesOpen: () => void;
}) {
  const { edit, categories, versions, onChange, onCategoriesOpen } = props;
  const { t } = useTranslation();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [searching, setSearching] = useState(false);
  return (
    <div className="editor-meta">
      <label>
        <span>{t('cms.resources.category')}</span>
        <TreeSelect
          value={edit.category_id || undefined}
          // Open by what the person closed rather than expanded once: categories fetched while
          // the picker is open show, their parents open. A search opens what it finds itself.
          treeExpandedKeys={searching ? undefined : openCategoryIds(categories, closed)}
          onTreeExpand={(keys) => {
            if (!searching) setClosed(closedCategoryIds(categories, keys));
          }}
          showSearch={{
            treeNodeFilterProp: 'title',
            onSearch: (text) => {
              setSearching(text !== '');
            },
          }}
          onOpenChange={(open) => {
            setSearching(false);
            if (open) onCategoriesOpen();
          }}
          placeholder={t('cms.resources.categoryRequired')}
          treeData={categoryOptions(categories)}
          status={edit.category_id ? undefined : 'warning'}
          onChange={(value: string) => {
            onChange({ category_id: value });
          }}
          style={{ minWidth: 220 }}
          data-testid="editor-category"
        />
      </label>
      <label>
        <span>{t('cms.resources.versions')}</span>
        <Select
          mode="multiple"
          value={edit.version_ids}
          placeholder={t('cms.resources.versionsPlaceholder')}
          options={versions.map((v) => ({ value: v._id, label: v.name }))}
          onChange={(value: string[]) => {
            onChange({ version_ids: value });
          }}
          style={{ minWidth: 220 }}
          data-testid="editor-versions"
        />
      </label>
    </div>
  );
}
