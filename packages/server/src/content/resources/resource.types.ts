/**
 * The shapes the resource service and its parts (resource-read.ts, resource-write.ts) share:
 * its dependencies, what the reader asks and gets, what a save writes. Kept apart so the parts
 * import them from here, never back from resource.service.ts.
 */
import type { Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { ContentStatus } from '../../db/schema.js';
import type { CategoryService } from '../categories/category.service.js';
import type { RenderOptions } from '../markdown/render.js';

/** `'all'` is every version (the reader's 'Full version'). */
export type VersionChoice = string;

export interface ReaderQuery {
  version: VersionChoice;
  lang: Lang;
  category_id?: string | undefined;
  keyword?: string | undefined;
  /** Search the words exactly as typed, without correcting their spelling. */
  as_typed?: boolean | undefined;
}

export interface CategoryNode {
  _id: string;
  name: string;
  parent_id: string | null;
  sort: number;
  resource_count: number;
  children: CategoryNode[];
}

export interface ResourceLocaleInput {
  lang: string;
  title: string;
  markdown: string;
}

export interface ResourceInput {
  category_id: string;
  status?: ContentStatus;
  sort?: number;
  version_ids: readonly string[];
  locales: readonly ResourceLocaleInput[];
  /** The account that created it; none for the seed. */
  updated_by?: string | null;
}

export interface ResourceServiceDeps {
  db: Executor;
  clock: Clock;
  categories: CategoryService;
  /**
   * Where a reader goes when a document or a category name is missing in the asked language,
   * in order (DOC_FALLBACK_LANGS, config.ts).
   */
  fallbackLangs: readonly Lang[];
  /** Admonition titles in the document's language, attachment addresses. */
  renderOptionsFor: (lang: string) => RenderOptions;
}

/** What the reader's reads use of the resource service's dependencies. */
export type ReaderDeps = Pick<ResourceServiceDeps, 'db' | 'categories' | 'fallbackLangs' | 'renderOptionsFor'>;

/** What the saving of resources uses of the resource service's dependencies. */
export type WriterDeps = Pick<ResourceServiceDeps, 'db' | 'clock' | 'renderOptionsFor'>;
