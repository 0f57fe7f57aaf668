import { CloseOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Modal, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLang, locales, type Lang } from '@open/protocol/locales';
import { SOURCE_LANG, type EditState } from './edit-state';

const nativeName = (lang: string) => locales.find((l) => l.code === lang)?.nativeName ?? lang;

/**
 * One tab per language of the resource, a menu to add a language, a button to remove the one on
 * screen while another is left, and a dot (and a notice) on a translation older than the Chinese original.
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

  // The language on screen goes, once confirmed; the last one always stays.
  const remove = () => {
    if (edit.locales.length <= 1) return;
    const key = activeLang;
    Modal.confirm({
      title: t('shell.common.confirmDelete'),
      content: nativeName(key),
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
  };

  return (
    <>
      {/* Tabs that only choose: a close button or a menu inside the tab list is a control that
          is not a tab there (WCAG 4.1.2), so adding and removing live beside it. */}
      <div className="language-bar">
        <Tabs
          className="language-tabs"
          activeKey={activeLang}
          onChange={(key) => {
            if (isLang(key)) onActivate(key);
          }}
          type="card"
          items={edit.locales.map((l) => ({
            key: l.lang,
            label: (
              <Badge dot={behind.has(l.lang)} title={behind.has(l.lang) ? t('cms.editor.behind') : undefined}>
                <span data-testid={`lang-tab-${l.lang}`}>{nativeName(l.lang)}</span>
              </Badge>
            ),
          }))}
        />
        <Space size={8} className="language-actions">
          <Select
            size="small"
            placeholder={t('cms.addLanguage')}
            aria-label={t('cms.addLanguage')}
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
          {edit.locales.length > 1 && (
            <Button
              size="small"
              icon={<CloseOutlined />}
              onClick={remove}
              aria-label={t('cms.editor.removeLanguage', { lang: nativeName(activeLang) })}
              title={t('cms.editor.removeLanguage', { lang: nativeName(activeLang) })}
              data-testid="editor-remove-lang"
            />
          )}
        </Space>
      </div>
      {behind.has(activeLang) && (
        <Alert type="warning" showIcon title={t('cms.editor.behindNotice')} style={{ marginBlockEnd: 12 }} />
      )}
    </>
  );
}
