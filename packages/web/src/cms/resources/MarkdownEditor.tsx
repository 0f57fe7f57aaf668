import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { MarkdownToolbar } from './MarkdownToolbar';
import { useMarkdownEdits } from './use-markdown-edits';

/** Markdown source with a toolbar; a pasted or dropped file is uploaded and linked where the caret is. */
export function MarkdownEditor(props: {
  value: string;
  onChange: (value: string) => void;
  resourceId: string | undefined;
  dir: 'ltr' | 'rtl';
  lang: string;
}) {
  const { value, onChange, resourceId, dir, lang } = props;
  const { t } = useTranslation();
  const { area, uploading, apply, upload, onPaste, onDrop } = useMarkdownEdits(value, onChange, resourceId);

  return (
    <div className="md-editor">
      <MarkdownToolbar
        uploading={uploading}
        onEdit={apply}
        onFiles={(files) => {
          void upload(files);
        }}
      />
      <textarea
        ref={area}
        className="md-source"
        value={value}
        lang={lang}
        dir={dir}
        maxLength={limits.markdown}
        spellCheck={false}
        aria-label={t('cms.editor.body')}
        placeholder={t('cms.editor.bodyPlaceholder')}
        data-testid="md-source"
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onPaste={onPaste}
        onDrop={onDrop}
      />
      <p className="md-hint">{t('cms.editor.pasteHint')}</p>
    </div>
  );
}
