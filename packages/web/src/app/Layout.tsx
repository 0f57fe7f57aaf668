import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatches, useNavigation } from 'react-router';
import type { MessageKey } from '@open/protocol/messages/index';
import { useSession } from '../session/session-store';
import { LanguageSwitch } from './LanguageSwitch';

export interface RouteHandle {
  titleKey: MessageKey;
}

const nav = [
  { to: '/doc', key: 'shell.nav.doc' },
  { to: '/cms', key: 'shell.nav.cms' },
  { to: '/demo', key: 'shell.nav.demo' },
  { to: '/diagnose', key: 'shell.nav.diagnose' },
] as const;

/** Keeps the tab title in step with the page and the language. */
function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.titleKey)?.handle as
    RouteHandle | undefined;
  // A page whose namespace could not be loaded leaves the title as it was rather than show a key.
  // (Kept apart from `t`: `exists` is a type guard whose narrowing would blur t's return type.)
  const loaded: boolean = handle ? i18n.exists(handle.titleKey) : false;
  const title = handle && loaded ? t(handle.titleKey) : '';
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
        <a className="brand" href="#/doc" aria-label={t('shell.nav.doc')}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="28" height="28" />
        </a>
        <nav aria-label={t('shell.mainNav')} className="main-nav">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="header-end">
          <span className="greeting" data-testid="greeting">
            {user ? t('shell.helloName', { name: user.name }) : t('shell.hello')}
          </span>
          <LanguageSwitch />
        </div>
      </header>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('shell.loading')} />
      )}
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
