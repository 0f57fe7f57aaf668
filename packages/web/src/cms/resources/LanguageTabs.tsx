import { Alert, Badge, Modal, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLang, locales, type Lang } from '@open/protocol/locales';
import { SOURCE_LANG, type EditState } from './edit-state';

const nativeName = (lang: string) => locales.find((l) => l.code === lang)?.nativeName ?? lang;

/**
 * One tab per language of the resource, each closable while another is left, a menu to add a
 * language, and a dot (and a notice) on a translation older than the Chinese original.
 */
export function LanguageTabs(props: {
  edit: EditState;
  activeLang: Lang;
  /** The languages of the resource as saved: taking one off is then saved as a removal. */
  savedLangs: readonly Lang[];
  /** Languages older than the Chinese original. */
  behind: ReadonlySet<string>;
  onActivate: (lang: Lang) => void;
  onChange: (change: Partial<EditState>) => void;
  /** Puts a language beside the one being written, to translate from. */
  onCompare: (lang: Lang) => void;
}) {
  const { edit, activeLang, savedLangs, behind, onActivate, onChange, onCompare } = props;
  const { t } = useTranslation();
  const usedLangs = new Set(edit.locales.map((l) => l.lang));

  return (
    <>
      <Tabs
        className="language-tabs"
        activeKey={activeLang}
        onChange={(key) => {
          if (isLang(key)) onActivate(key);
        }}
        type="editable-card"
        hideAdd
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string' || !isLang(key) || edit.locales.length <= 1) return;
          Modal.confirm({
            title: t('shell.common.confirmDelete'),
            content: locales.find((l) => l.code === key)?.nativeName,
            okText: t('shell.common.ok'),
            cancelText: t('shell.common.cancel'),
            onOk: () => {
              const rest = edit.locales.filter((l) => l.lang !== key);
              onChange({
                locales: rest,
                removed: savedLangs.includes(key) ? [...edit.removed, key] : edit.removed,
              });
              onActivate(rest[0]?.lang ?? SOURCE_LANG);
            },
          });
        }}
        tabBarExtraContent={
          <Select
            size="small"
            placeholder={t('cms.addLanguage')}
            value={null}
            options={locales.filter((l) => !usedLangs.has(l.code)).map((l) => ({ value: l.code, label: l.nativeName }))}
            onChange={(lang: Lang) => {
              onChange({
                locales: [...edit.locales, { lang, title: '', markdown: '' }],
                removed: edit.removed.filter((r) => r !== lang),
              });
              onActivate(lang);
              if (usedLangs.has(SOURCE_LANG)) onCompare(SOURCE_LANG);
            }}
            className="language-add"
            data-testid="editor-add-lang"
          />
        }
        items={edit.locales.map((l) => ({
          key: l.lang,
          closable: edit.locales.length > 1,
          label: (
            <Badge dot={behind.has(l.lang)} title={behind.has(l.lang) ? t('cms.editor.behind') : undefined}>
              <span data-testid={`lang-tab-${l.lang}`}>{nativeName(l.lang)}</span>
            </Badge>
          ),
        }))}
      />
      {behind.has(activeLang) && (
        <Alert type="warning" showIcon title={t('cms.editor.behindNotice')} style={{ marginBlockEnd: 12 }} />
      )}
    </>
  );
}
