import type { Lang } from '@open/protocol/locales';
import { browserStorage } from '../../i18n/storage';

/** What the editor holds that is not saved yet, kept in the browser until it is. */
export interface Draft {
  /** The revision the edit started from. */
  revision: number | undefined;
  category_id: string;
  version_ids: string[];
  locales: { lang: Lang; title: string; markdown: string }[];
  removed: Lang[];
  kept_at: string;
}

const keyOf = (resourceId: string | undefined) => `cms.draft.${resourceId ?? 'new'}`;

/**
 * Drafts survive navigating away, a reload and an expired session: the editor offers them back
 * the next time the same resource (or a new one) is opened.
 */
export const drafts = {
  read(resourceId: string | undefined): Draft | undefined {
    const text = browserStorage().getItem(keyOf(resourceId));
    if (!text) return undefined;
    try {
      return JSON.parse(text) as Draft;
    } catch {
      return undefined;
    }
  },
  keep(resourceId: string | undefined, draft: Draft): void {
    try {
      browserStorage().setItem(keyOf(resourceId), JSON.stringify(draft));
    } catch {
      // Storage full or refused: the edit is still on screen; nothing else to do.
    }
  },
  drop(resourceId: string | undefined): void {
    try {
      window.localStorage.removeItem(keyOf(resourceId));
    } catch {
      // Refused storage held nothing to drop.
    }
  },
};
