import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/session-store';
import { AntdProvider } from '../ui/AntdProvider';
import '../ui/article.css';
import './cms.css';

const LOGIN = '/cms/login';

/**
 * The CMS frame: Ant Design in the interface language, and the gate. Signed out, every CMS
 * address leads to the sign-in page, which then leads back; the panels are lazy children, so
 * the sign-in page loads none of them.
 */
export function Component() {
  const { t } = useTranslation();
  const { user, checked } = useSession();
  const location = useLocation();
  const onLogin = location.pathname === LOGIN;
  const from = (location.state as { from?: string } | null)?.from;
  let body;
  if (!checked) body = <Spin />;
  else if (!user && !onLogin)
    body = <Navigate to={LOGIN} replace state={{ from: location.pathname + location.search }} />;
  else if (user && onLogin) body = <Navigate to={from && from !== LOGIN ? from : '/cms/resources'} replace />;
  else body = <Outlet />;
  return (
    <AntdProvider>
      <div className="page cms-page">
        <div className="page-head">
          <h1>{t('cms.title')}</h1>
        </div>
        {body}
      </div>
    </AntdProvider>
  );
}
