import { Button, Form, Input, Radio, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsCategory } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { locales, type Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { formatTime } from '../../ui/format';
import { staleDetail } from '../shared/conflict';
import { FormModal } from '../shared/FormModal';
import { useModalForm } from '../shared/use-modal-form';
import { langChoices, nextFreeLang, type NameRow } from './name-rows';

interface Values {
  kind: 'docs' | 'faq';
  names: NameRow[];
}

const nativeNames = new Map<string, string>(locales.map((locale) => [locale.code, locale.nativeName]));

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
  const nextLang = nextFreeLang(rows);

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
      <Form.List
        name="names"
        rules={[
          {
            validator: async (_, value: Values['names'] | undefined) => {
              if (!value?.some((entry) => entry.name.trim())) throw new Error(t('cms.categories.nameRequired'));
              return Promise.resolve();
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" className="names-row">
                <Form.Item name={[field.name, 'lang']} rules={[{ required: true }]}>
                  <Select
                    style={{ width: 150 }}
                    aria-label={t('cms.language')}
                    options={langChoices(rows, field.name).map((code) => ({
                      value: code,
                      label: nativeNames.get(code) ?? code,
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[{ max: limits.categoryName, message: t('cms.tooLong', { max: limits.categoryName }) }]}
                >
                  <Input
                    maxLength={limits.categoryName}
                    placeholder={t('cms.categories.namePlaceholder')}
                    aria-label={t('cms.categories.name')}
                    data-testid={`category-name-${String(field.name)}`}
                  />
                </Form.Item>
                <Button
                  type="text"
                  onClick={() => {
                    remove(field.name);
                  }}
                  aria-label={t('shell.common.delete')}
                >
                  ×
                </Button>
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              disabled={nextLang === undefined}
              onClick={() => {
                if (nextLang) add({ lang: nextLang, name: '' } satisfies NameRow);
              }}
              data-testid="category-add-lang"
            >
              {t('cms.addLanguage')}
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
