import type { ContentStatus } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import { listResources, resourceBackups, resourceContent, resourceLocales } from './resource-cms-read.js';
import { removeResource, saveResource } from './resource-cms-save.js';
import { setResourceStatus, sortResources } from './resource-cms-status.js';
import type { ResourceCmsDeps, ResourceListQuery, ResourceSaveInput } from './resource-cms.types.js';

export { SOURCE_LANG } from './resource-cms-read.js';
export type { ResourceCmsDeps, ResourceListQuery, ResourceSaveInput } from './resource-cms.types.js';

/**
 * The CMS's resources. A save (info or status) names its revision, keeps the state it replaces
 * as a backup, and writes rows, rendering and search index in one transaction. Reordering a
 * category's resources only rewrites their sorts: no backup, no revision. Reads in
 * resource-cms-read.ts, saves and removal in resource-cms-save.ts, status and order in
 * resource-cms-status.ts.
 */
export function createResourceCmsService(deps: ResourceCmsDeps) {
  const { db, resources } = deps;
  return {
    list: (query: ResourceListQuery, page: { offset: number; limit: number } | undefined) =>
      listResources(db, query, page),
    content: (id: string, lang?: Lang) => resourceContent(deps, db, id, lang),
    save: (input: ResourceSaveInput, by: string) => saveResource(deps, input, by),
    remove: (input: { _id: string; revision: number }) => removeResource(deps, input),
    setStatus: (input: { _id: string; status: ContentStatus; revision: number }, by: string) =>
      setResourceStatus(deps, input, by),
    sort: (input: { category_id: string; ids: readonly string[] }) => sortResources(db, input),
    backups: (id: string) => resourceBackups(db, id),
    locales: (id: string) => resourceLocales(db, id),

    /** The editor's live preview: the very rendering a save stores and the reader shows. */
    preview(lang: Lang, markdown: string) {
      const { html, toc } = resources.render(markdown, lang);
      return { html, toc };
    },
  };
}

export type ResourceCmsService = ReturnType<typeof createResourceCmsService>;
