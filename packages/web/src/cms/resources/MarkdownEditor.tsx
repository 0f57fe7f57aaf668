import { Button, Space, Tooltip } from 'antd';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@open/protocol/limits';
import { useFeedback } from '../../ui/feedback';
import { uploadAttachment } from './upload';

/** A toolbar action: wraps the selection, or starts a line, or inserts a block. */
type Edit = { wrap: [string, string] } | { line: string } | { block: string };

const actions = [
  { key: 'cms.editor.bold', label: 'B', edit: { wrap: ['**', '**'] } },
  { key: 'cms.editor.italic', label: 'I', edit: { wrap: ['_', '_'] } },
  { key: 'cms.editor.heading', label: 'H', edit: { line: '## ' } },
  { key: 'cms.editor.link', label: '[ ]( )', edit: { wrap: ['[', '](https://)'] } },
  { key: 'cms.editor.code', label: '</>', edit: { block: '```js\n\n```' } },
  { key: 'cms.editor.list', label: '•', edit: { line: '- ' } },
  { key: 'cms.editor.table', label: '▦', edit: { block: '| A | B |\n| --- | --- |\n|  |  |' } },
  { key: 'cms.editor.tip', label: ':::', edit: { block: '::: tip\n\n:::' } },
] as const satisfies readonly { key: string; label: string; edit: Edit }[];

/** The text with `edit` applied at the selection, and where the caret goes. */
export function applyEdit(text: string, start: number, end: number, edit: Edit): { text: string; caret: number } {
  const selected = text.slice(start, end);
  if ('wrap' in edit) {
    const [before, after] = edit.wrap;
    return { text: text.slice(0, start) + before + selected + after + text.slice(end), caret: end + before.length };
  }
  if ('line' in edit) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    return { text: text.slice(0, lineStart) + edit.line + text.slice(lineStart), caret: end + edit.line.length };
  }
  const pad = start > 0 && text[start - 1] !== '\n' ? '\n\n' : '';
  const inserted = `${pad}${edit.block}\n`;
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}

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
  const { fail } = useFeedback();
  const area = useRef<HTMLTextAreaElement>(null);
  const [uploading, setUploading] = useState(false);

  const apply = (edit: Edit) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = applyEdit(value, start, end, edit);
    onChange(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const upload = async (files: readonly File[]) => {
    if (!files.length) return;
    setUploading(true);
    try {
      for (const file of files) {
        const attachment = await uploadAttachment(file, resourceId);
        apply({ block: attachment.markdown });
      }
    } catch (error) {
      fail(error);
    } finally {
      setUploading(false);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!files.length) return;
    event.preventDefault();
    void upload(files);
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = [...event.dataTransfer.files];
    if (!files.length) return;
    event.preventDefault();
    void upload(files);
  };

  return (
    <div className="md-editor">
      <Space wrap size={4} className="md-toolbar" role="toolbar" aria-label={t('cms.editor.toolbar')}>
        {actions.map((action) => (
          <Tooltip key={action.key} title={t(action.key)}>
            <Button
              size="small"
              aria-label={t(action.key)}
              onClick={() => {
                apply(action.edit);
              }}
            >
              {action.label}
            </Button>
          </Tooltip>
        ))}
        <Button size="small" loading={uploading} onClick={() => document.getElementById('md-file')?.click()}>
          {t('cms.editor.upload')}
        </Button>
        <input
          id="md-file"
          type="file"
          hidden
          multiple
          data-testid="md-file"
          onChange={(event) => {
            void upload([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Space>
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
