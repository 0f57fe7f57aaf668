import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { isChunkLoadError } from './load-chunk';

/**
 * What a page shows instead of itself when it cannot: a part that failed to load gets a
 * translated message and a reload button, never a blank page. Unknown routes go to the docs.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/doc" replace />;
  return (
    <div className="route-error" role="alert">
      <p>{t(isChunkLoadError(error) ? 'shell.chunkLoadError' : 'shell.renderError')}</p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('shell.reload')}
      </button>
    </div>
  );
}

export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="route-loading" aria-busy="true">
      {t('shell.loading')}
    </div>
  );
}
