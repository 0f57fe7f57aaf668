import { useTranslation } from 'react-i18next';
import type { CmsResourceItem, ContentStatus } from '@open/protocol/api';
import { call } from '../../../api/client';
import { useFeedback } from '../../../ui/feedback';

/** Runs a change to the list, says how it went, and refreshes the list whatever the outcome. */
export type Act = (work: () => Promise<unknown>, success: string) => Promise<void>;

/** The changes made from the list itself: a resource's status, its removal, and `act` for others. */
export function useResourceActions(refresh: () => void) {
  const { t } = useTranslation();
  const { attempt } = useFeedback();

  const act: Act = async (work, success) => {
    await attempt(work, success);
    refresh();
  };

  const setStatus = (row: CmsResourceItem, status: ContentStatus) => {
    void act(
      () => call('cms/set_resource_status', { _id: row._id, status, revision: row.revision }),
      t('cms.status.changed'),
    );
  };

  const remove = (row: CmsResourceItem) => {
    void act(
      () => call('cms/remove_resource_info', { _id: row._id, revision: row.revision }),
      t('cms.resources.deleted'),
    );
  };

  return { act, setStatus, remove };
}

export type ResourceActions = ReturnType<typeof useResourceActions>;
