import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useFeedback } from '../../ui/feedback';
import { applyEdit, type Edit } from './markdown-edit';
import { uploadAttachment } from './upload';

/**
 * The Markdown source's edits: a toolbar action applied at the selection (the caret put after
 * it), and files pasted, dropped or chosen uploaded one by one, each linked where the caret is.
 */
export function useMarkdownEdits(value: string, onChange: (value: string) => void, resourceId: string | undefined) {
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

  return { area, uploading, apply, upload, onPaste, onDrop };
}
