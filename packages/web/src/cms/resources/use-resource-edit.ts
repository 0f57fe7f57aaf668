import { useEffect, useMemo, useState } from 'react';
import type { CmsResource } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import { drafts, type Draft } from './drafts';
import { editOf, inTabOrder, sameState, SOURCE_LANG, stateOf, type EditState } from './edit-state';

/** The languages of an edit in the order of its tabs. */
export const tabOrder = (edit: EditState) => edit.locales.map((l) => l.lang);

/**
 * What the editor holds: the resource as last saved, the edit of it, a draft kept from before
 * to offer back, and the language being written. `loaded`: the server's answer for `resourceId`;
 * a new resource starts empty in `newCategory`.
 */
export function useResourceEdit(
  resourceId: string | undefined,
  loaded: CmsResource | undefined,
  newCategory: string | null,
) {
  const [saved, setSaved] = useState<CmsResource | undefined>();
  const [edit, setEdit] = useState<EditState | undefined>();
  const [offered, setOffered] = useState<Draft | undefined>();
  const [activeLang, setActiveLang] = useState<Lang>(SOURCE_LANG);

  // Start from the server's state (or an empty one), once per loaded answer, and offer back a
  // draft kept from before. Set while rendering, not in an effect, so no empty frame shows.
  const origin = resourceId ? loaded : 'new';
  const [startedFrom, setStartedFrom] = useState<unknown>();
  if (origin !== undefined && origin !== startedFrom) {
    setStartedFrom(origin);
    // A reload (after a status change) keeps the tabs where they were.
    const start = loaded ? inTabOrder(loaded, edit ? tabOrder(edit) : undefined) : undefined;
    const base: EditState = start
      ? stateOf(start)
      : {
          category_id: newCategory ?? '',
          version_ids: [],
          locales: [{ lang: SOURCE_LANG, title: '', markdown: '' }],
          removed: [],
        };
    setSaved(start);
    setEdit(base);
    setActiveLang(base.locales[0]?.lang ?? SOURCE_LANG);
    const kept = drafts.read(resourceId);
    setOffered(kept && !sameState(base, editOf(kept)) ? kept : undefined);
  }

  const savedState = useMemo(() => (saved ? stateOf(saved) : undefined), [saved]);
  const dirty =
    edit !== undefined && (savedState ? !sameState(edit, savedState) : edit.locales.some((l) => l.title || l.markdown));

  // Every change is kept as a draft, so navigating away, a reload or an expired session loses nothing.
  useEffect(() => {
    if (!edit || !dirty) return;
    drafts.keep(resourceId, { ...edit, revision: saved?.revision, kept_at: new Date().toISOString() });
  }, [edit, dirty, resourceId, saved?.revision]);

  /** The draft offered back becomes the edit. */
  const restoreDraft = (draft: Draft) => {
    setEdit(editOf(draft));
    setOffered(undefined);
  };
  const discardDraft = () => {
    drafts.drop(resourceId);
    setOffered(undefined);
  };

  return {
    saved,
    setSaved,
    edit,
    setEdit,
    offered,
    setOffered,
    activeLang,
    setActiveLang,
    dirty,
    restoreDraft,
    discardDraft,
  };
}

export type ResourceEdit = ReturnType<typeof useResourceEdit>;
