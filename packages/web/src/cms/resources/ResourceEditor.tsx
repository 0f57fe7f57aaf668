import { Alert } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CmsResource } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { useSettled } from '../../ui/use-settled';
import { useCategoryList } from '../categories/use-category-list';
import { staleDetail } from '../shared/conflict';
import { useFeedback } from '../../ui/feedback';
import { Muted } from '../shared/text';
import { AttachmentList } from './AttachmentList';
import { ConflictModal, type Conflict } from './ConflictModal';
import { DraftOffer } from './DraftOffer';
import { drafts, type Draft } from './drafts';
import { editOf, inTabOrder, sameState, SOURCE_LANG, stateOf, type EditState, type LocaleText } from './edit-state';
import { EditorHeader } from './EditorHeader';
import { EditorMeta } from './EditorMeta';
import { LanguageTabs } from './LanguageTabs';
import { LeaveGuard } from './LeaveGuard';
import { LocaleEditor, type Side } from './LocaleEditor';
import { ResourceHistory } from './ResourceHistory';

/**
 * `#/cms/resources/edit?id=…` (or `?category=…` for a new one): a resource in every language.
 * This module holds the edit and saves it; the parts of the page are in this folder.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fail, formInvalid, done } = useFeedback();
  const [params] = useSearchParams();
  const [resourceId, setResourceId] = useState(params.get('id') ?? undefined);

  const categories = useCategoryList();
  const versions = useApiQuery('cms/get_version_list', { page_number: -1 });
  const loaded = useApiQuery('cms/get_resource_content', resourceId ? { _id: resourceId } : undefined);
  const localeStatus = useApiQuery('cms/get_resource_locale', resourceId ? { _id: resourceId } : undefined);
  const [historyOpen, setHistoryOpen] = useState(false);

  const [saved, setSaved] = useState<CmsResource | undefined>();
  const [edit, setEdit] = useState<EditState | undefined>();
  const [offered, setOffered] = useState<Draft | undefined>();
  const [activeLang, setActiveLang] = useState<Lang>(SOURCE_LANG);
  const [side, setSide] = useState<Side>('preview');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [titleError, setTitleError] = useState<string | undefined>();

  // Start from the server's state (or an empty one), once per loaded answer, and offer back a
  // draft kept from before. Set while rendering, not in an effect, so no empty frame shows.
  const origin = resourceId ? loaded.data : 'new';
  const [startedFrom, setStartedFrom] = useState<unknown>();
  if (origin !== undefined && origin !== startedFrom) {
    setStartedFrom(origin);
    // A reload (after a status change) keeps the tabs where they were.
    const start = loaded.data ? inTabOrder(loaded.data, edit ? tabOrder(edit) : undefined) : undefined;
    const base: EditState = start
      ? stateOf(start)
      : {
          category_id: params.get('category') ?? '',
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

  const current = edit?.locales.find((l) => l.lang === activeLang);
  const previewBody = useSettled(current?.markdown ?? '', 400);
  const preview = useApiQuery(
    'cms/render_markdown',
    side === 'preview' && current ? { lang: activeLang, markdown: previewBody } : undefined,
  );

  if (!edit) {
    return loaded.error !== undefined ? (
      <Alert type="error" showIcon title={t('cms.resources.notFound')} />
    ) : (
      <Muted>{t('shell.loading')}</Muted>
    );
  }

  const update = (change: Partial<EditState>) => {
    setEdit({ ...edit, ...change });
  };
  const updateLocale = (lang: Lang, change: Partial<LocaleText>) => {
    update({ locales: edit.locales.map((l) => (l.lang === lang ? { ...l, ...change } : l)) });
    if (change.title !== undefined) setTitleError(undefined);
  };
  /** Takes the resource as the server now has it, dropping the edit and its draft. */
  const takeSaved = (resource: CmsResource) => {
    const ordered = inTabOrder(resource, tabOrder(edit));
    setSaved(ordered);
    setEdit(stateOf(ordered));
    drafts.drop(resourceId);
  };

  const save = async (baseRevision = saved?.revision) => {
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
      setSaved(ordered);
      setEdit(stateOf(ordered));
      setOffered(undefined);
      done(t('cms.resources.saved'));
      localeStatus.retry();
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

  return (
    <section className="cms-panel resource-editor">
      <EditorHeader
        saved={saved}
        isNew={!resourceId}
        dirty={dirty}
        saving={saving}
        title={current?.title}
        onHistory={() => {
          setHistoryOpen(true);
        }}
        onSave={() => void save()}
        onStatusChanged={loaded.retry}
      />

      {offered && (
        <DraftOffer
          draft={offered}
          onRestore={() => {
            setEdit(editOf(offered));
            setOffered(undefined);
          }}
          onDiscard={() => {
            drafts.drop(resourceId);
            setOffered(undefined);
          }}
        />
      )}

      <EditorMeta
        edit={edit}
        categories={categories.data?.list ?? []}
        onCategoriesOpen={categories.retry}
        versions={versions.data?.list ?? []}
        onChange={update}
      />

      <LanguageTabs
        edit={edit}
        activeLang={activeLang}
        savedLangs={saved?.locales.map((l) => l.lang) ?? []}
        behind={new Set(localeStatus.data?.list.filter((l) => l.behind).map((l) => l.lang))}
        onActivate={setActiveLang}
        onChange={update}
        onCompare={setSide}
      />

      {current && (
        <LocaleEditor
          current={current}
          all={edit.locales}
          side={side}
          onSide={setSide}
          titleError={titleError}
          onChange={(change) => {
            updateLocale(activeLang, change);
          }}
          resourceId={resourceId}
          previewHtml={preview.data?.html ?? ''}
        />
      )}

      {saved && saved.attachments.length > 0 && (
        <AttachmentList attachments={saved.attachments} onDeleted={loaded.retry} />
      )}

      <ConflictModal
        conflict={conflict}
        mine={edit.locales}
        onTakeTheirs={(found) => {
          takeSaved(found.theirs);
          setConflict(undefined);
        }}
        onKeepMine={(found) => {
          // The admin has seen their change: the next save starts from it.
          setSaved(inTabOrder(found.theirs, tabOrder(edit)));
          setConflict(undefined);
        }}
        onCancel={() => {
          setConflict(undefined);
        }}
      />

      <LeaveGuard dirty={dirty} />

      {saved && (
        <ResourceHistory
          saved={saved}
          open={historyOpen}
          title={current?.title ?? ''}
          onClose={() => {
            setHistoryOpen(false);
          }}
          onRestored={takeSaved}
        />
      )}
    </section>
  );
}

const tabOrder = (edit: EditState) => edit.locales.map((l) => l.lang);
