import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CmsResource } from '@open/protocol/api';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';
import { nextStatuses, StatusTag } from '../shared/status';
import { PanelTitle } from '../shared/text';

/**
 * The editor's toolbar: back to the list, what is being edited and its status, then the
 * actions: history, the status changes allowed from here (once the changes are saved), save.
 */
export function EditorHeader(props: {
  /** The resource as last saved; undefined for one not saved yet. */
  saved: CmsResource | undefined;
  isNew: boolean;
  dirty: boolean;
  saving: boolean;
  /** The title in the language on screen, named in the confirmation of a status change. */
  title: string | undefined;
  onHistory: () => void;
  onSave: () => void;
  onStatusChanged: () => void;
}) {
  const { saved, isNew, dirty, saving, title, onHistory, onSave, onStatusChanged } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fail, done } = useFeedback();

  return (
    <div className="cms-toolbar">
      <Space wrap>
        <Button onClick={() => void navigate('/cms/resources')}>{t('cms.resources.backToList')}</Button>
        <PanelTitle>{isNew ? t('cms.resources.create') : t('cms.resources.edit')}</PanelTitle>
        {saved && <StatusTag status={saved.status} />}
      </Space>
      <Space wrap>
        {saved && (
          <Button onClick={onHistory} data-testid="resource-history">
            {t('cms.history.title')}
          </Button>
        )}
        {saved &&
          nextStatuses(saved.status).map((next) => (
            <Popconfirm
              key={next.to}
              title={t('shell.common.confirmSwitch')}
              description={title}
              okText={t('shell.common.ok')}
              cancelText={t('shell.common.cancel')}
              onConfirm={() => {
                call('cms/set_resource_status', { _id: saved._id, status: next.to, revision: saved.revision }).then(
                  () => {
                    done(t('cms.status.changed'));
                    onStatusChanged();
                  },
                  fail,
                );
              }}
            >
              <Button disabled={dirty} data-testid="editor-status">
                {t(next.key)}
              </Button>
            </Popconfirm>
          ))}
        <Button type="primary" loading={saving} onClick={onSave} data-testid="resource-save">
          {t('shell.common.save')}
        </Button>
      </Space>
    </div>
  );
}
