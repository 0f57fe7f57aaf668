import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import type { Namespace } from '@open/protocol/messages/namespaces';
import { loadNamespaces } from '../i18n/i18n';
import { Layout, type RouteHandle } from './Layout';
import { loadChunk } from './load-chunk';
import { RouteError, RouteLoading } from './RouteError';
import { routeNamespaces } from './route-namespaces';

/**
 * A page's lazy part: its chunk and its dictionary namespaces, fetched side by side, so it
 * renders with its words. A namespace that cannot be fetched fails like a chunk (a message
 * and a reload button).
 */
function page<T>(importer: () => Promise<T>, ns: readonly Namespace[]): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([loadChunk(importer), loadChunk(() => loadNamespaces(ns))]);
    return module;
  };
}

// Each page loads its own dictionary namespaces (route-namespaces.ts); the reader's never include
// the CMS's.
const docPage = page(() => import('../doc/DocPage'), routeNamespaces.doc);
const docBatch = () => loadChunk(() => import('../doc/DocBatch'));
const docSingle = () => loadChunk(() => import('../doc/resource/DocSingle'));
const docSearch = () => loadChunk(() => import('../doc/search/DocSearch'));
const docFaq = () => loadChunk(() => import('../doc/faq/DocFaq'));

const docHandle: RouteHandle = { titleKey: 'doc.title' };

// The CMS's sign-in page, its signed-in frame and its panels, each its own chunk.
const cmsLogin = () => loadChunk(() => import('../cms/LoginForm'));
const cmsWorkspace = () => loadChunk(() => import('../cms/Workspace'));
const cmsResources = () => loadChunk(() => import('../cms/resources/ResourcesPanel'));
const cmsEditor = () => loadChunk(() => import('../cms/resources/ResourceEditor'));
const cmsCategories = () => loadChunk(() => import('../cms/categories/CategoriesPanel'));
const cmsVersions = () => loadChunk(() => import('../cms/versions/VersionsPanel'));
const cmsAccounts = () => loadChunk(() => import('../cms/accounts/AccountsPanel'));
const cmsAudit = () => loadChunk(() => import('../cms/audit/AuditPanel'));
const cmsCallCentre = () => loadChunk(() => import('../cms/call-centre/CallCentrePanel'));

/** The routes of spec §2, each page its own chunk, plus the demo and diagnostics pages. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: RouteLoading,
    children: [
      {
        // Pathless, so a page that fails keeps the header and its language switch.
        ErrorBoundary: RouteError,
        children: [
          { index: true, element: <Navigate to="/doc" replace /> },
          {
            id: 'doc',
            path: 'doc',
            lazy: docPage,
            handle: docHandle,
            children: [
              { id: 'doc.batch', index: true, lazy: docBatch },
              { path: 'batch', element: <Navigate to="/doc" replace /> },
              { id: 'doc.single', path: 'single', lazy: docSingle },
              { id: 'doc.search', path: 'search', lazy: docSearch },
              { id: 'doc.faq', path: 'faq', lazy: docFaq },
            ],
          },
          {
            path: 'docs',
            lazy: docPage,
            handle: docHandle,
            children: [
              { index: true, element: <Navigate to="/doc" replace /> },
              { path: 'single', lazy: docSingle },
            ],
          },
          {
            id: 'cms',
            path: 'cms',
            lazy: page(() => import('../cms/CmsPage'), routeNamespaces.cms),
            handle: { titleKey: 'cms.title' } satisfies RouteHandle,
            children: [
              { path: 'login', lazy: cmsLogin },
              {
                lazy: cmsWorkspace,
                children: [
                  { index: true, element: <Navigate to="resources" replace /> },
                  { path: 'resources', lazy: cmsResources },
                  { path: 'resources/edit', lazy: cmsEditor },
                  { path: 'categories', lazy: cmsCategories },
                  { path: 'versions', lazy: cmsVersions },
                  { path: 'accounts', lazy: cmsAccounts },
                  { path: 'audit', lazy: cmsAudit },
                  { path: 'call-centre', lazy: cmsCallCentre },
                ],
              },
            ],
          },
          {
            id: 'demo',
            path: 'demo',
            lazy: page(() => import('../demo/DemoPage'), routeNamespaces.demo),
            handle: { titleKey: 'demo.title' } satisfies RouteHandle,
          },
          {
            id: 'diagnose',
            path: 'diagnose',
            lazy: page(() => import('../diagnose/DiagnosePage'), routeNamespaces.diagnose),
            handle: { titleKey: 'diagnose.title' } satisfies RouteHandle,
          },
          // Spec §2: router navigation errors are ignored and nothing is shown for them.
          { path: '*', element: <Navigate to="/doc" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
