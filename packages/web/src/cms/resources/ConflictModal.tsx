import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsResource } from '@open/protocol/api';
import { formatTime } from '../../ui/format';
import type { StaleDetail } from '../shared/conflict';
import { TextDiff } from '../shared/HistoryDrawer';
import { resourceText, type LocaleText } from './edit-state';

/** A save refused because someone else saved first: who and when, and the resource as they left it. */
export interface Conflict {
  stale: StaleDetail;
  theirs: CmsResource;
}

/**
 * Shows a refused save: who changed the resource since, and how their text differs from the
 * admin's; the admin takes theirs or keeps their own (and may then save it over theirs).
 */
export function ConflictModal(props: {
  conflict: Conflict | undefined;
  /** The admin's languages, as edited. */
  mine: readonly LocaleText[];
  onTakeTheirs: (conflict: Conflict) => void;
  onKeepMine: (conflict: Conflict) => void;
  onCancel: () => void;
}) {
  const { conflict, mine, onTakeTheirs, onKeepMine, onCancel } = props;
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={conflict !== undefined}
      title={t('cms.conflict.title')}
      width={820}
      onCancel={onCancel}
      footer={
        conflict && [
          <Button
            key="theirs"
            onClick={() => {
              onTakeTheirs(conflict);
            }}
            data-testid="conflict-theirs"
          >
            {t('cms.conflict.takeTheirs')}
          </Button>,
          <Button
            key="mine"
            type="primary"
            onClick={() => {
              onKeepMine(conflict);
            }}
            data-testid="conflict-mine"
          >
            {t('cms.conflict.keepMine')}
          </Button>,
        ]
      }
    >
      {conflict && (
        <>
          <Alert
            type="warning"
            showIcon
            data-testid="conflict-notice"
            title={t('cms.conflict.changedBy', {
              name: conflict.stale.updated_by ?? t('cms.history.system'),
              time: formatTime(conflict.stale.updated_at, i18n.language),
            })}
            description={t('cms.conflict.explain')}
            style={{ marginBlockEnd: 12 }}
          />
          <TextDiff before={resourceText(conflict.theirs.locales)} after={resourceText(mine)} />
        </>
      )}
    </Modal>
  );
}
