import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useApiQuery } from '../api/use-query';
import { DocHead } from './DocHead';
import { DocSidebar } from './DocSidebar';
import { useReaderScope } from './reader-scope';
import { useDocKeys } from './use-doc-keys';
import { versionStore } from './versions';
import type { DocOutletContext } from './doc-context';
import '../ui/article.css';
import './doc.css';

/** The documentation side: head, category sidebar (a drawer on phones) and the page below it. */
export function Component() {
  const location = useLocation();
  const [versionListSettled, setVersionListSettled] = useState(false);
  // The drawer is open on the page it was opened on: following any link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | undefined>();
  const drawerOpen = drawerOpenAt === location.key;
  const closeDrawer = useCallback(() => {
    setDrawerOpenAt(undefined);
  }, []);
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

  useDocKeys(closeDrawer);

  // An opened drawer takes the focus, so a keyboard or screen-reader user lands in it.
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
  }, [drawerOpen]);

  const context: DocOutletContext = { scope, tree, setActiveCategory };

  return (
    <div className="page doc-page">
      <DocHead
        drawerOpen={drawerOpen}
        openDrawer={() => {
          setDrawerOpenAt(location.key);
        }}
      />
      <div className={drawerOpen ? 'doc-body drawer-open' : 'doc-body'}>
        <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />
        <DocSidebar
          categories={tree.data?.list}
          activeCategory={activeCategory}
          contactUrl={site.data?.contact_url}
          closeRef={closeButton}
          closeDrawer={closeDrawer}
        />
        <div className="doc-content">
          <Outlet context={context} />
        </div>
      </div>
    </div>
  );
}
