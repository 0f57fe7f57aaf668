// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Which chunks a route needs on first load, from the build's bundle report. Plain JavaScript so
 * both the bundle-size benchmark (plain node) and the tests can use it.
 * @typedef {import('./bundle-report.js').BundleReport} BundleReport
 * @typedef {{ chunks: string[], packages: string[], bytes: number, gzipBytes: number, cssGzipBytes: number }} RouteLoad
 */

/**
 * The report the build writes (build/bundle-report.ts): packages/web/build-report/, beside dist/
 * and not inside it, so the server never publishes it.
 */
export const bundleReportFile = fileURLToPath(new URL('../build-report/bundle-report.json', import.meta.url));

/** The lazily loaded page modules each route renders, relative to packages/web. */
export const routeModules = {
  '#/doc': ['src/doc/DocPage.tsx', 'src/doc/DocBatch.tsx'],
  '#/doc/single': ['src/doc/DocPage.tsx', 'src/doc/resource/DocSingle.tsx'],
  '#/doc/search': ['src/doc/DocPage.tsx', 'src/doc/search/DocSearch.tsx'],
  '#/doc/faq': ['src/doc/DocPage.tsx', 'src/doc/faq/DocFaq.tsx'],
  // Signed out: the frame and the sign-in page. Signed in: the frame, the menu and one panel.
  '#/cms/login': ['src/cms/CmsPage.tsx', 'src/cms/LoginForm.tsx'],
  '#/cms/resources': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/resources/ResourcesPanel.tsx'],
  '#/cms/resources/edit': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/resources/ResourceEditor.tsx'],
  '#/cms/categories': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/categories/CategoriesPanel.tsx'],
  '#/cms/versions': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/versions/VersionsPanel.tsx'],
  '#/cms/accounts': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/accounts/AccountsPanel.tsx'],
  '#/cms/audit': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/audit/AuditPanel.tsx'],
  '#/cms/call-centre': ['src/cms/CmsPage.tsx', 'src/cms/Workspace.tsx', 'src/cms/call-centre/CallCentrePanel.tsx'],
  '#/demo': ['src/demo/DemoPage.tsx'],
  '#/diagnose': ['src/diagnose/DiagnosePage.tsx'],
};

/**
 * The entry chunk and the given page modules' chunks, with everything they import statically.
 * @param {BundleReport} report
 * @param {readonly string[]} facades
 * @returns {RouteLoad}
 */
export function routeLoad(report, facades) {
  const chunks = Object.values(report.chunks);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('bundle report has no entry chunk');
  const roots = [entry.fileName];
  for (const facade of facades) {
    const chunk = chunks.find((c) => c.facade === facade);
    if (!chunk) throw new Error(`no chunk is built from ${facade}`);
    roots.push(chunk.fileName);
  }
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of report.chunks[file]?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  const included = [...seen].map((file) => report.chunks[file]).filter((c) => c !== undefined);
  const css = new Set(included.flatMap((c) => c.css));
  return {
    chunks: [...seen],
    packages: [...new Set(included.flatMap((c) => c.packages))].sort(),
    bytes: included.reduce((sum, c) => sum + c.bytes, 0),
    gzipBytes: included.reduce((sum, c) => sum + c.gzipBytes, 0),
    cssGzipBytes: [...css].reduce((sum, file) => sum + (report.css[file]?.gzipBytes ?? 0), 0),
  };
}
