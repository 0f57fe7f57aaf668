import { directionOf, type Lang } from '@open/protocol/locales';
import { Heading } from '../shared/text';
import type { LocaleText } from './edit-state';

/**
 * What stands beside the Markdown being written: another language of the resource, as its
 * source text to translate from, or else the preview of the text being written.
 */
export function SidePane(props: {
  /** The language shown beside, or undefined for the preview. */
  source: LocaleText | undefined;
  /** The language being written, which the preview is in. */
  lang: Lang;
  /** The preview, as the server rendered and sanitised it. */
  previewHtml: string;
}) {
  const { source, lang, previewHtml } = props;
  return source ? (
    <div className="editor-source" lang={source.lang} dir={directionOf(source.lang)} data-testid="editor-source">
      <Heading level={5}>{source.title}</Heading>
      <pre>{source.markdown}</pre>
    </div>
  ) : (
    <div
      className="editor-preview doc-html"
      lang={lang}
      dir={directionOf(lang)}
      data-testid="editor-preview"
      // Rendered and sanitised by the server's renderer, as the documentation shows it.
      dangerouslySetInnerHTML={{ __html: previewHtml }}
    />
  );
}
