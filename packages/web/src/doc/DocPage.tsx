import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { CategoryTree } from './tree/CategoryTree';
import { withDocuments } from './tree/tree';
import { useApiQuery } from '../api/use-query';
import { useReaderScope } from './reader-scope';
import { VersionSwitch } from './VersionSwitch';
import { versionStore } from './versions';
import type { DocOutletContext } from './doc-context';
import '../ui/article.css';
import './doc.css';

/** Where a keypress of '/' should not open the search: the reader is typing. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** The documentation side: head, category sidebar (a drawer on phones) and the page below it. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [versionListSettled, setVersionListSettled] = useState(false);
  // The drawer is open on the page it was opened on: following any link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | undefined>();
  const drawerOpen = drawerOpenAt === location.key;
  const setDrawerOpen = (open: boolean) => {
    setDrawerOpenAt(open ? location.key : undefined);
  };
  const [activeCategory, setActiveCategory] = useState<string | undefined>();
  const closeButton = useRef<HTMLButtonElement>(null);
  const scope = useReaderScope(versionListSettled);
  const tree = useApiQuery(
    'doc/get_category_list',
    scope.ready ? { version: scope.version, lang: scope.lang } : undefined,
  );
  const site = useApiQuery('doc/get_site_info', {});

  useEffect(() => {
    void versionStore.refresh().finally(() => {
      setVersionListSettled(true);
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpenAt(undefined);
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      void navigate('/doc/search');
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [navigate]);

  // An opened drawer takes the focus, so a keyboard or screen-reader user lands in it.
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
  }, [drawerOpen]);

  const total = tree.data?.list.reduce((sum, category) => sum + category.resource_count, 0) ?? 0;
  const context: DocOutletContext = { scope, tree, setActiveCategory };
  const contactUrl = site.data?.contact_url;

  return (
    <div className="page doc-page">
      <div className="page-head doc-head">
        <h1>{t('doc.title')}</h1>
        <div className="doc-tools">
          <button
            type="button"
            className="drawer-button"
            aria-expanded={drawerOpen}
            aria-controls="doc-sidebar"
            onClick={() => {
              setDrawerOpen(true);
            }}
          >
            {t('doc.openCategories')}
          </button>
          <Link
            to="/doc/search"
            className="search-trigger"
            data-testid="search-open"
            aria-keyshortcuts="/"
            aria-label={t('doc.searchOpen')}
          >
            {/* The short word where the full one would be cut ('Search the d…'). */}
            <span className="search-trigger-long">{t('doc.searchOpen')}</span>
            <span className="search-trigger-short">{t('doc.search')}</span>
            <kbd>/</kbd>
          </Link>
          <VersionSwitch />
        </div>
      </div>
      <div className={drawerOpen ? 'doc-body drawer-open' : 'doc-body'}>
        <div
          className="drawer-backdrop"
          aria-hidden="true"
          onClick={() => {
            setDrawerOpen(false);
          }}
        />
        <aside id="doc-sidebar" className="doc-sidebar">
          <button
            type="button"
            ref={closeButton}
            className="drawer-close"
            aria-label={t('doc.closeCategories')}
            onClick={() => {
              setDrawerOpen(false);
            }}
          >
            ×
          </button>
          {tree.data && <CategoryTree list={withDocuments(tree.data.list)} activeId={activeCategory} total={total} />}
          <div className="sidebar-links">
            <NavLink to="/doc/faq" data-testid="faq-link">
              {t('doc.faq')}
            </NavLink>
            {contactUrl && (
              <a href={contactUrl} target="_blank" rel="noopener noreferrer" data-testid="contact-link">
                {t('doc.contact')}
              </a>
            )}
          </div>
        </aside>
        <div className="doc-content">
          <Outlet context={context} />
        </div>
      </div>
    </div>
  );
}
