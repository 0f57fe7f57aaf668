import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client';

/** A read that failed: the server's words (or the network's), and a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="doc-state doc-error" role="alert">
      <p>{t('doc.loadError')}</p>
      <p className="muted">{errorMessage(error, t('shell.common.networkError'))}</p>
      <button type="button" className="button-primary" onClick={retry}>
        {t('doc.retry')}
      </button>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="doc-state muted" role="status">
      {t('shell.loading')}
    </p>
  );
}

export { formatTime } from '../ui/format';
