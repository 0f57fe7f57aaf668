/**
 * The shapes the CMS's category service and its parts (category-cms-save.ts, -sort.ts) share.
 * Kept apart so the parts import them from here, never back from category-cms.service.ts.
 */
import type { Lang } from '@open/protocol/locales';
import type { Clock } from '../../clock.js';
import type { Executor } from '../../db/executor.js';
import type { CategoryKind } from '../../db/schema.js';

export interface CategoryInput {
  _id?: string | undefined;
  revision?: number | undefined;
  parent_id?: string | null | undefined;
  kind?: CategoryKind | undefined;
  sort?: number | undefined;
  names: Partial<Record<Lang, string>>;
}

export interface CategoryCmsDeps {
  db: Executor;
  clock: Clock;
}
