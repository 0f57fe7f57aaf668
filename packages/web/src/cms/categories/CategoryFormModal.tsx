import { Form, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsCategory } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { formatTime } from '../../ui/format';
import { staleDetail } from '../shared/conflict';
import { FormModal } from '../shared/FormModal';
import { useModalForm } from '../shared/use-modal-form';
import { CategoryNames } from './CategoryNames';
import type { NameRow } from './name-rows';

interface Values {
  kind: 'docs' | 'faq';
  names: NameRow[];
}

/** What the dialog is open on: a category to rename, or a new one under `parentId`. */
export interface CategoryEditing {
  category?: CmsCategory;
  parentId: string | null;
}

/** Creates a category under `parentId` (`category` undefined) or renames one, a name per language. */
export function CategoryFormModal(props: {
  open: boolean;
  category: CmsCategory | undefined;
  parentId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, category, parentId, onClose, onSaved } = props;
  const { t, i18n } = useTranslation();
  const modal = useModalForm<Values>({
    save: async (values) => {
      const names = Object.fromEntries(
        values.names.filter((entry) => entry.name.trim()).map((entry) => [entry.lang, entry.name.trim()]),
      );
      await call('cms/set_category_info', {
        ...(category ? { _id: category._id, revision: category.revision } : { parent_id: parentId, kind: values.kind }),
        names,
      });
    },
    success: t('cms.categories.saved'),
    onSaved,
    // Someone saved the category since it was opened: say who and when.
    shownAs: (error) => {
      const stale = staleDetail(error);
      if (!stale) return error;
      return {
        code: 1,
        message: t('cms.conflict.changedBy', {
          name: stale.updated_by ?? t('cms.history.system'),
          time: formatTime(stale.updated_at, i18n.language),
        }),
      };
    },
  });
  const { form } = modal;
  // The rows as they are now, so each row's menu leaves out the languages the others have.
  // Before its fields mount the form has no rows, whatever the values' type says.
  const rows = Form.useWatch<Partial<Values>, readonly NameRow[]>((values) => values.names ?? [], form);

  useEffect(() => {
    if (!open) return;
    const names = category
      ? Object.entries(category.names).map(([lang, name]) => ({ lang: lang as Lang, name }))
      : [
          { lang: 'zh-CN' as const, name: '' },
          { lang: 'en' as const, name: '' },
        ];
    form.setFieldsValue({ kind: category?.kind ?? 'docs', names });
  }, [open, category, form]);

  return (
    <FormModal
      modal={modal}
      open={open}
      title={t(category ? 'cms.categories.edit' : 'cms.categories.create')}
      onClose={onClose}
    >
      {!category && (
        <Form.Item label={t('cms.categories.kind')} name="kind">
          <Radio.Group
            options={[
              { value: 'docs', label: t('cms.categories.kindDocs') },
              { value: 'faq', label: t('cms.categories.kindFaq') },
            ]}
          />
        </Form.Item>
      )}
      <CategoryNames rows={rows} />
    </FormModal>
  );
}
