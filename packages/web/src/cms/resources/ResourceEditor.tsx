import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/use-query';
import { useCategoryList } from '../categories/use-category-list';
import { Muted } from '../shared/text';
import { AttachmentList } from './AttachmentList';
import { DraftOffer } from './DraftOffer';
import { EditorDialogs } from './EditorDialogs';
import { EditorFields } from './EditorFields';
import { EditorHeader } from './EditorHeader';
import type { Side } from './LocaleEditor';
import { usePreview } from './use-preview';
import { useResourceEdit } from './use-resource-edit';
import { useResourceSave } from './use-resource-save';

/**
 * `#/cms/resources/edit?id=…` (or `?category=…` for a new one): a resource in every language.
 * This module puts the page together: the edit is held in `use-resource-edit.ts` and saved by
 * `use-resource-save.ts`; the parts of the page are in this folder.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [resourceId, setResourceId] = useState(params.get('id') ?? undefined);

  const categories = useCategoryList();
  const versions = useApiQuery('cms/get_version_list', { page_number: -1 });
  const loaded = useApiQuery('cms/get_resource_content', resourceId ? { _id: resourceId } : undefined);
  const localeStatus = useApiQuery('cms/get_resource_locale', resourceId ? { _id: resourceId } : undefined);
  const [historyOpen, setHistoryOpen] = useState(false);

  const editor = useResourceEdit(resourceId, loaded.data, params.get('category'));
  const { saved, edit, offered, activeLang, dirty, restoreDraft, discardDraft } = editor;
  const [side, setSide] = useState<Side>('preview');
  const { saving, conflict, setConflict, titleError, setTitleError, save } = useResourceSave({
    resourceId,
    setResourceId,
    editor,
    onSaved: localeStatus.retry,
  });

  const current = edit?.locales.find((l) => l.lang === activeLang);
  const previewHtml = usePreview(current, activeLang, side);

  if (!edit) {
    return loaded.error !== undefined ? (
      <Alert type="error" showIcon title={t('cms.resources.notFound')} />
    ) : (
      <Muted>{t('shell.loading')}</Muted>
    );
  }

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
        onSave={() => void save(edit)}
        onStatusChanged={loaded.retry}
      />

      {offered && (
        <DraftOffer
          draft={offered}
          onRestore={() => {
            restoreDraft(offered);
          }}
          onDiscard={discardDraft}
        />
      )}

      <EditorFields
        edit={edit}
        editor={editor}
        current={current}
        categories={categories.data?.list ?? []}
        onCategoriesOpen={categories.retry}
        versions={versions.data?.list ?? []}
        behind={new Set(localeStatus.data?.list.filter((l) => l.behind).map((l) => l.lang))}
        side={side}
        onSide={setSide}
        titleError={titleError}
        onTitleTyped={() => {
          setTitleError(undefined);
        }}
        resourceId={resourceId}
        previewHtml={previewHtml}
      />

      {saved && saved.attachments.length > 0 && (
        <AttachmentList attachments={saved.attachments} onDeleted={loaded.retry} />
      )}

      <EditorDialogs
        edit={edit}
        editor={editor}
        resourceId={resourceId}
        conflict={conflict}
        onConflictClosed={() => {
          setConflict(undefined);
        }}
        historyOpen={historyOpen}
        onHistoryClosed={() => {
          setHistoryOpen(false);
        }}
        title={current?.title ?? ''}
      />
    </section>
  );
}
