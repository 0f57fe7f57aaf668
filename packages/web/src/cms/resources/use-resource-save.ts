import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useFeedback } from '../../ui/feedback';
import { staleDetail } from '../shared/conflict';
import type { Conflict } from './ConflictModal';
import { drafts } from './drafts';
import { inTabOrder, stateOf, type EditState } from './edit-state';
import { tabOrder, type ResourceEdit } from './use-resource-edit';

/**
 * Saving the edit: refused with a message while a title or the category is missing; once the
 * server has it, the edit starts again from its answer (and a new resource takes its address);
 * refused because someone saved first, the conflict to resolve.
 */
export function useResourceSave(context: {
  resourceId: string | undefined;
  setResourceId: (id: string) => void;
  editor: ResourceEdit;
  /** After a save: what else the page shows of the resource is fetched again. */
  onSaved: () => void;
}) {
  const { resourceId, setResourceId, editor, onSaved } = context;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fail, formInvalid, done } = useFeedback();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [titleError, setTitleError] = useState<string | undefined>();

  const save = async (edit: EditState, baseRevision = editor.saved?.revision) => {
    if (!edit.category_id || edit.locales.some((l) => !l.title.trim())) {
      if (edit.locales.some((l) => !l.title.trim())) setTitleError(t('cms.resources.titleRequired'));
      formInvalid();
      return;
    }
    setSaving(true);
    try {
      const result = await call('cms/set_resource_info', {
        ...(resourceId ? { _id: resourceId, revision: baseRevision } : {}),
        category_id: edit.category_id,
        version_ids: edit.version_ids,
        locales: edit.locales.map((l) => ({ ...l, title: l.title.trim() })),
        ...(edit.removed.length ? { remove_langs: edit.removed } : {}),
      });
      drafts.drop(resourceId);
      const ordered = inTabOrder(result, tabOrder(edit));
      editor.setSaved(ordered);
      editor.setEdit(stateOf(ordered));
      editor.setOffered(undefined);
      done(t('cms.resources.saved'));
      onSaved();
      if (!resourceId) {
        setResourceId(result._id);
        void navigate(`/cms/resources/edit?id=${encodeURIComponent(result._id)}`, { replace: true });
      }
    } catch (error) {
      const stale = staleDetail(error);
      if (stale && resourceId) {
        try {
          setConflict({ stale, theirs: await call('cms/get_resource_content', { _id: resourceId }) });
        } catch (reload) {
          fail(reload);
        }
      } else fail(error);
    } finally {
      setSaving(false);
    }
  };

  return { saving, conflict, setConflict, titleError, setTitleError, save };
}
