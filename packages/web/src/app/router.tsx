import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { Layout, type RouteHandle } from './Layout';
import { loadChunk } from './load-chunk';
import { RouteError, RouteLoading } from './RouteError';

const docPage = () => loadChunk(() => import('../doc/DocPage'));
const docBatch = () => loadChunk(() => import('../doc/DocBatch'));
const docSingle = () => loadChunk(() => import('../doc/DocSingle'));

const docHandle: RouteHandle = { titleKey: 'title.doc' };

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
            lazy: () => loadChunk(() => import('../cms/CmsPage')),
            handle: { titleKey: 'title.cms' } satisfies RouteHandle,
          },
          {
            id: 'demo',
            path: 'demo',
            lazy: () => loadChunk(() => import('../demo/DemoPage')),
            handle: { titleKey: 'title.demo' } satisfies RouteHandle,
          },
          {
            id: 'diagnose',
            path: 'diagnose',
            lazy: () => loadChunk(() => import('../diagnose/DiagnosePage')),
            handle: { titleKey: 'title.diagnose' } satisfies RouteHandle,
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
