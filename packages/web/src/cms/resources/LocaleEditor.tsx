import { Form, Input, Segmented } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { directionOf, locales, type Lang } from '@open/protocol/locales';
import type { LocaleText } from './edit-state';
import { MarkdownEditor } from './MarkdownEditor';
import { SidePane } from './SidePane';

/** What stands beside the Markdown: its preview, or another language of the resource. */
export type Side = 'preview' | Lang;

/**
 * One language of the resource: its title, and its Markdown with, beside it, either the preview
 * or another language to translate from (chosen above the two).
 */
export function LocaleEditor(props: {
  current: LocaleText;
  /** Every language of the resource, the one being written included. */
  all: readonly LocaleText[];
  side: Side;
  onSide: (side: Side) => void;
  titleError: string | undefined;
  onChange: (change: Partial<LocaleText>) => void;
  resourceId: string | undefined;
  previewHtml: string;
}) {
  const { current, all, side, onSide, titleError, onChange, resourceId, previewHtml } = props;
  const { t } = useTranslation();
  const lang = current.lang;
  // The label names the field only through its id: this item has no form name to make one.
  const titleId = useId();
  const source = side === 'preview' ? undefined : all.find((l) => l.lang === side);

  return (
    <>
      <Form.Item
        label={t('cms.resources.titleColumn')}
        validateStatus={titleError ? 'error' : undefined}
        help={titleError}
        layout="vertical"
        htmlFor={titleId}
      >
        <Input
          id={titleId}
          value={current.title}
          maxLength={limits.resourceTitle}
          showCount
          lang={lang}
          dir={directionOf(lang)}
          onChange={(event) => {
            onChange({ title: event.target.value });
          }}
          data-testid="editor-title"
        />
      </Form.Item>
      <Segmented
        value={side}
        onChange={(value) => {
          onSide(value as Side);
        }}
        options={[
          { value: 'preview', label: t('cms.editor.preview') },
          ...all
            .filter((l) => l.lang !== lang)
            .map((l) => ({
              value: l.lang,
              label: t('cms.editor.compareWith', {
                lang: locales.find((x) => x.code === l.lang)?.nativeName ?? l.lang,
              }),
            })),
        ]}
        style={{ marginBlockEnd: 8 }}
      />
      <div className="editor-panes">
        <MarkdownEditor
          value={current.markdown}
          onChange={(markdown) => {
            onChange({ markdown });
          }}
          resourceId={resourceId}
          lang={lang}
          dir={directionOf(lang)}
        />
        <SidePane source={source} lang={lang} previewHtml={previewHtml} />
      </div>
    </>
  );
}
