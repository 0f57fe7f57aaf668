import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsAttachment } from '@open/protocol/api';
import { call } from '../../api/client';
import { CopyButton } from '../../ui/CopyButton';
import { useFeedback } from '../../ui/feedback';
import { Heading, Muted } from '../shared/text';

/** The files attached to a saved resource: open one, copy the Markdown that shows it, or delete it. */
export function AttachmentList(props: { attachments: readonly CmsAttachment[]; onDeleted: () => void }) {
  const { attachments, onDeleted } = props;
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  return (
    <div className="editor-attachments">
      <Heading level={5}>{t('cms.editor.attachments')}</Heading>
      <ul>
        {attachments.map((file) => (
          <li key={file._id}>
            <a href={file.url} target="_blank" rel="noopener noreferrer">
              {file.name}
            </a>{' '}
            <Muted>
              {Math.max(1, Math.round(file.size / 1024))} KB
              <CopyButton text={file.markdown} label={t('cms.editor.copyMarkdown', { name: file.name })} />
            </Muted>{' '}
            <Popconfirm
              title={t('shell.common.confirmDelete')}
              description={file.name}
              okText={t('shell.common.ok')}
              cancelText={t('shell.common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                call('cms/remove_attachment_file', { _id: file._id }).then(() => {
                  done(t('cms.editor.attachmentDeleted'));
                  onDeleted();
                }, fail);
              }}
            >
              <Button size="small" type="link" danger>
                {t('shell.common.delete')}
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
    </div>
  );
}
