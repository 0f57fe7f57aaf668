import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { locales } from '@open/protocol/locales';
import { langChoices, nextFreeLang, type NameRow } from './name-rows';

const nativeNames = new Map<string, string>(locales.map((locale) => [locale.code, locale.nativeName]));

/**
 * The category dialog's `names` list: a row per language (its language and the name in it), at
 * least one name required, and a button adding a row in a language no row has yet.
 */
export function CategoryNames({ rows }: { rows: readonly NameRow[] }) {
  const { t } = useTranslation();
  const nextLang = nextFreeLang(rows);
  return (
    <Form.List
      name="names"
      rules={[
        {
          validator: async (_, value: NameRow[] | undefined) => {
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
  );
}
