import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceNotFound } from '@open/protocol/reader-errors';
import { directionOf } from '@open/protocol/locales';
import { isApiEnvelope } from '../../api/client';
import { useDocContext } from '../doc-context';
import { nativeName } from '../fallback';
import { formatTime, LoadError, Loading } from '../Status';
import { useApiQuery } from '../../api/use-query';
import { ALL_VERSIONS } from '../version-store';
import { addCopyButtons, useActiveHeading } from './article';
import { Attachments, Breadcrumbs, Pager } from './DocArticleParts';
import { DocMissing } from './DocMissing';
import { DocToc } from './DocToc';
import { useHeadingNavigation } from './use-heading-navigation';

const isNotFound = (error: unknown) => isApiEnvelope(error) && error.code === resourceNotFound.code;

/** doc.single (also docs/single): one document, `?id=` and, for a section, `&h=` its heading. */
export function Component() {
  const { t } = useTranslation();
  const { scope, setActiveCategory } = useDocContext();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const articleRef = useRef<HTMLElement>(null);
  // On narrow screens the table of contents sits above the article, folded until asked for.
  const [tocOpen, setTocOpen] = useState(false);

  const info = useApiQuery(
    'doc/get_resource_info',
    scope.ready && id ? { _id: id, lang: scope.lang, version: scope.version } : undefined,
  );
  // Not in the chosen version: is it anywhere? Tells "not in this version" from "gone".
  const elsewhere = useApiQuery(
    'doc/get_resource_info',
    isNotFound(info.error) && scope.version !== ALL_VERSIONS
      ? { _id: id, lang: scope.lang, version: ALL_VERSIONS }
      : undefined,
  );
  const doc = info.error === undefined ? info.data : undefined;
  const html = doc?.html;
  const activeHeading = useActiveHeading(articleRef, doc?.toc.map((entry) => entry.id) ?? []);

  useEffect(() => {
    setActiveCategory(doc?.category_id);
  }, [doc?.category_id, setActiveCategory]);

  useEffect(() => {
    const article = articleRef.current;
    if (!article || html === undefined) return;
    return addCopyButtons(article, { copy: t('doc.copy'), copied: t('doc.copied'), failed: t('doc.copyFailed') });
  }, [html, t]);

  const { goToHeading, onArticleClick } = useHeadingNavigation(html);

  if (!id) return <p className="doc-state muted">{t('doc.chooseDocument')}</p>;
  if (isNotFound(info.error)) return <DocMissing elsewhere={elsewhere} />;
  if (info.error !== undefined) return <LoadError error={info.error} retry={info.retry} />;
  if (!doc) return <Loading />;

  return (
    <div className="doc-single" aria-busy={info.loading}>
      <div className="doc-article-column">
        <Breadcrumbs doc={doc} />
        {doc.fallback && (
          <p className="fallback-notice" role="note" data-testid="fallback-notice">
            {t('doc.fallbackNotice', { asked: nativeName(scope.lang), served: nativeName(doc.lang) })}
          </p>
        )}
        <article
          ref={articleRef}
          className="doc-article"
          lang={doc.lang}
          dir={directionOf(doc.lang)}
          onClick={onArticleClick}
        >
          <h2 className="doc-article-title">{doc.title}</h2>
          <p className="muted doc-updated">{t('doc.updatedAt', { time: formatTime(doc.updated_at, scope.lang) })}</p>
          {/* Rendered from Markdown and sanitised on the server when it was saved. */}
          <div className="doc-html" dangerouslySetInnerHTML={{ __html: doc.html }} />
        </article>
        {doc.attachments.length > 0 && <Attachments files={doc.attachments} />}
        {(doc.prev ?? doc.next) && <Pager prev={doc.prev} next={doc.next} />}
      </div>
      {doc.toc.length > 0 && (
        <DocToc
          id={id}
          toc={doc.toc}
          activeHeading={activeHeading}
          open={tocOpen}
          onToggle={() => {
            setTocOpen((open) => !open);
          }}
          goToHeading={goToHeading}
        />
      )}
    </div>
  );
}
