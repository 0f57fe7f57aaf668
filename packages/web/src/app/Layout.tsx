import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatches, useNavigation } from 'react-router';
import type { MessageKey } from '@open/protocol/messages/en';
import { useSession } from '../session/session-store';
import { LanguageSwitch } from './LanguageSwitch';

export interface RouteHandle {
  titleKey: MessageKey;
}

const nav = [
  { to: '/doc', key: 'app.nav.doc' },
  { to: '/cms', key: 'app.nav.cms' },
  { to: '/demo', key: 'app.nav.demo' },
  { to: '/diagnose', key: 'app.nav.diagnose' },
] as const;

/** Keeps the tab title in step with the page and the language. */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    RouteHandle | undefined;
  const title = handle ? t(handle.titleKey) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

export function Layout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigation = useNavigation();
  useDocumentTitle();

  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href="#/doc" aria-label={t('app.nav.doc')}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="28" height="28" />
        </a>
        <nav aria-label={t('app.mainNav')} className="main-nav">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="header-end">
          <span className="greeting" data-testid="greeting">
            {user ? t('app.helloName', { name: user.name }) : t('app.hello')}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('app.loading')} />
      )}
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
