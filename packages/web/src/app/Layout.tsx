import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
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

/**
 * On a phone the navigation folds behind a menu button, so the header stays one row (it is
 * sticky: two rows took a fifth of the screen) and closes on the next page, Escape or a tap outside.
 */
function useFoldedNav() {
  const { key } = useLocation();
  // Open on the history entry it was opened on: any other navigation (back, forward, a link in
  // the page) closes it without an effect; its own links close it for good.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === key;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenAt(undefined);
    };
    // A tap anywhere below the header closes it, as a menu does.
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('.app-header')) setOpenAt(undefined);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return {
    open,
    toggle: () => {
      setOpenAt(open ? undefined : key);
    },
    close: () => {
      setOpenAt(undefined);
    },
  };
}

export function Layout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigation = useNavigation();
  const folded = useFoldedNav();
  useDocumentTitle();

  return (
    <div className="app">
      <header className={folded.open ? 'app-header nav-open' : 'app-header'}>
        <a className="brand" href="#/doc" aria-label={t('shell.nav.doc')}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="28" height="28" />
        </a>
        <button
          type="button"
          className="nav-toggle"
          aria-label={t('shell.mainNav')}
          aria-expanded={folded.open}
          aria-controls="main-nav"
          data-testid="nav-toggle"
          onClick={folded.toggle}
        >
          {/* Three bars, or a cross when open: drawn in CSS (styles.css), no markup to ship. */}
          <span className="nav-toggle-icon" aria-hidden="true" />
        </button>
        <nav id="main-nav" aria-label={t('shell.mainNav')} className="main-nav">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} onClick={folded.close}>
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
