import { useTranslation } from 'react-i18next';
import type { CmsResource } from '@open/protocol/api';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useFeedback } from '../../ui/feedback';
import { HistoryDrawer } from '../shared/HistoryDrawer';
import { resourceText } from './edit-state';

/** The saved revisions of a resource, each compared with the saved one and restorable. */
export function ResourceHistory(props: {
  saved: CmsResource;
  open: boolean;
  /** The resource's title in the language on screen. */
  title: string;
  onClose: () => void;
  /** The resource as the restore saved it. */
  onRestored: (restored: CmsResource) => void;
}) {
  const { saved, open, title, onClose, onRestored } = props;
  const { t } = useTranslation();
  const { fail, done } = useFeedback();
  const backups = useApiQuery('cms/get_resource_backup_info', open ? { _id: saved._id } : undefined);

  return (
    <HistoryDrawer
      open={open}
      title={t('cms.history.of', { name: title })}
      backups={backups.data?.list}
      current={resourceText(saved.locales)}
      asText={(backup) => resourceText(backup.snapshot.locales)}
      onClose={onClose}
      onRestore={async (backup) => {
        try {
          const restored = await call('cms/set_resource_info', {
            _id: saved._id,
            revision: saved.revision,
            category_id: backup.snapshot.category_id,
            version_ids: backup.snapshot.version_ids,
            locales: backup.snapshot.locales,
            remove_langs: saved.locales
              .map((l) => l.lang)
              .filter((lang) => !backup.snapshot.locales.some((l) => l.lang === lang)),
          });
          onRestored(restored);
          done(t('cms.history.restored'));
          backups.retry();
          onClose();
        } catch (error) {
          fail(error);
        }
      }}
    />
  );
}
