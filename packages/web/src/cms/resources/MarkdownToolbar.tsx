import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { actions, type Edit } from './markdown-edit';

/** The Markdown editor's toolbar: an edit per button, and a button to upload files to link. */
export function MarkdownToolbar(props: {
  uploading: boolean;
  onEdit: (edit: Edit) => void;
  onFiles: (files: readonly File[]) => void;
}) {
  const { uploading, onEdit, onFiles } = props;
  const { t } = useTranslation();
  return (
    <Space wrap size={4} className="md-toolbar" role="toolbar" aria-label={t('cms.editor.toolbar')}>
      {actions.map((action) => (
        <Tooltip key={action.key} title={t(action.key)}>
          <Button
            size="small"
            aria-label={t(action.key)}
            onClick={() => {
              onEdit(action.edit);
            }}
          >
            {action.label}
          </Button>
        </Tooltip>
      ))}
      <Button size="small" loading={uploading} onClick={() => document.getElementById('md-file')?.click()}>
        {t('cms.editor.upload')}
      </Button>
      <input
        id="md-file"
        type="file"
        hidden
        multiple
        data-testid="md-file"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </Space>
  );
}
