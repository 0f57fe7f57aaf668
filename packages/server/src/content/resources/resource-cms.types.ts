/**
 * The shapes the CMS's resource service and its parts (resource-cms-read.ts, -save.ts,
 * -status.ts) share: its dependencies, the list's filter, a save. Kept apart so the parts import
 * them from here, never back from resource-cms.service.ts.
 */
import type { ContentStatus } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { AttachmentService } from '../attachments/attachment.service.js';
import type { RenderOptions } from '../markdown/render.js';
import type { ResourceService } from './resource.service.js';
import type { ResourceLocaleInput } from './resource.types.js';

export interface ResourceSaveInput {
  _id?: string | undefined;
  revision?: number | undefined;
  category_id: string;
  version_ids: readonly string[];
  sort?: number | undefined;
  locales: readonly ResourceLocaleInput[];
  remove_langs?: readonly string[] | undefined;
}

export interface ResourceListQuery {
  category_id?: string | undefined;
  version_id?: string | undefined;
  status?: ContentStatus | undefined;
  lang?: Lang | undefined;
  keyword?: string | undefined;
}

export interface ResourceCmsDeps {
  db: Executor;
  clock: Clock;
  /** The documentation side's resources: their one rendering and indexing of a language. */
  resources: Pick<ResourceService, 'writeLocale' | 'render'>;
  renderOptionsFor: (lang: string) => RenderOptions;
  /** Removes stored files no attachment row names any more, once a removal has committed. */
  attachments: Pick<AttachmentService, 'dropUnusedContent'>;
}
