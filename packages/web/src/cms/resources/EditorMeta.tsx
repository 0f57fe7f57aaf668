import { Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsCategory, CmsVersion } from '@open/protocol/api';
import { categoryOptions } from '../categories/tree-moves';
import type { EditState } from './edit-state';

/** Where the resource is filed: its category (required) and the versions it belongs to. */
export function EditorMeta(props: {
  edit: EditState;
  categories: readonly CmsCategory[];
  versions: readonly CmsVersion[];
  onChange: (change: Partial<EditState>) => void;
}) {
  const { edit, categories, versions, onChange } = props;
  const { t } = useTranslation();
  return (
    <div className="editor-meta">
      <label>
        <span>{t('cms.resources.category')}</span>
        <TreeSelect
          value={edit.category_id || undefined}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
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
