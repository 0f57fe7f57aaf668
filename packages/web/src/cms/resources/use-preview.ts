import type { Lang } from '@open/protocol/locales';
import { useApiQuery } from '../../api/use-query';
import { useSettled } from '../../ui/use-settled';
import type { LocaleText } from './edit-state';
import type { Side } from './LocaleEditor';

/**
 * The HTML of the language being written, rendered by the server while the preview stands beside
 * it, and asked for once the typing pauses rather than per keystroke.
 */
export function usePreview(current: LocaleText | undefined, activeLang: Lang, side: Side): string {
  const previewBody = useSettled(current?.markdown ?? '', 400);
  const preview = useApiQuery(
    'cms/render_markdown',
    side === 'preview' && current ? { lang: activeLang, markdown: previewBody } : undefined,
  );
  return preview.data?.html ?? '';
}
