import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While there are unsaved changes, asks before leaving the editor: the browser's own question
 * on a reload or a closed tab, and this dialog on a move to another page of the application.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('cms.editor.leaveTitle')}
      okText={t('cms.editor.leave')}
      cancelText={t('cms.editor.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('cms.editor.leaveBody')}
    </Modal>
  );
}
