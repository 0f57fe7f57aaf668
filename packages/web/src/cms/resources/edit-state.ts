import type { CmsResource } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import type { Draft } from './drafts';

/** One language of a resource as the editor holds it. */
export type LocaleText = { lang: Lang; title: string; markdown: string };

/** What the editor changes: the resource's place, its versions and its languages. */
export interface EditState {
  category_id: string;
  version_ids: string[];
  locales: LocaleText[];
  /** Languages the resource had when saved that the admin has taken off. */
  removed: Lang[];
}

/** The language translations are compared against (and the first tab of a new resource). */
export const SOURCE_LANG: Lang = 'zh-CN';

export function stateOf(resource: CmsResource): EditState {
  return {
    category_id: resource.category_id,
    version_ids: resource.version_ids,
    locales: resource.locales.map(({ lang, title, markdown }) => ({ lang, title, markdown })),
    removed: [],
  };
}

/**
 * The resource with its languages in the order of the editor's tabs: `order` first (the tabs as
 * they stand, or just the original language when the resource is first opened), then any other
 * language in the server's order. The server lists languages in the product's order, English
 * before Chinese; taking that order after a save would move the tab being written.
 */
export function inTabOrder(resource: CmsResource, order: readonly Lang[] = [SOURCE_LANG]): CmsResource {
  const rank = (lang: Lang, at: number) => {
    const position = order.indexOf(lang);
    return position === -1 ? order.length + at : position;
  };
  const locales = resource.locales
    .map((locale, at) => ({ locale, rank: rank(locale.lang, at) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ locale }) => locale);
  return { ...resource, locales };
}

export const sameState = (a: EditState, b: EditState) => JSON.stringify(a) === JSON.stringify(b);

export const editOf = ({ category_id, version_ids, locales, removed }: Draft): EditState => ({
  category_id,
  version_ids,
  locales,
  removed,
});

/** A resource's whole text, one language after another, for comparing two states of it. */
export function resourceText(locales: readonly { lang: string; title: string; markdown: string }[]): string {
  return [...locales]
    .sort((a, b) => a.lang.localeCompare(b.lang))
    .map((l) => `# [${l.lang}] ${l.title}\n\n${l.markdown}\n\n`)
    .join('');
}
