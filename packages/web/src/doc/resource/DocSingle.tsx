import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { resourceNotFound } from '@open/protocol/reader-errors';
import { directionOf } from '@open/protocol/locales';
import { isApiEnvelope } from '../../api/client';
import { useDocContext } from '../doc-context';
import { nativeName } from '../fallback';
import { formatTime, LoadError, Loading } from '../Status';
import { pathTo } from '../tree/tree';
import { useApiQuery } from '../../api/use-query';
import { ALL_VERSIONS } from '../version-store';
import { useVersions } from '../versions';
import { addCopyButtons, headingTarget, useActiveHeading } from './article';

const isNotFound = (error: unknown) => isApiEnvelope(error) && error.code === resourceNotFound.code;

/** doc.single (also docs/single): one document, `?id=` and, for a section, `&h=` its heading. */
export function Component() {
  const { t } = useTranslation();
  const { scope, tree, setActiveCategory } = useDocContext();
  const { versionList } = useVersions();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const heading = params.get('h') ?? '';
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

  // A link to a heading survives a reload: after the article renders, go to the section.
  useEffect(() => {
    if (html === undefined) return;
    if (heading) document.getElementById(heading)?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only when the document arrives, not on each heading change (goToHeading scrolls itself).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [html]);

  const goToHeading = (target: string) => {
    const next = new URLSearchParams(params);
    next.set('h', target);
    setParams(next, { replace: true });
    document.getElementById(target)?.scrollIntoView({ behavior: 'smooth' });
  };

  // Heading links of the rendered article point at `#slug`, which hash routing would read as a
  // route: keep them in the document instead.
  const onArticleClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const target = anchor ? headingTarget(anchor) : undefined;
    if (target === undefined) return;
    event.preventDefault();
    goToHeading(target);
  };

  if (!id) return <p className="doc-state muted">{t('doc.chooseDocument')}</p>;
  if (isNotFound(info.error)) {
    const versionName = versionList.find((version) => version._id === scope.version)?.name ?? '';
    const inOtherVersion = elsewhere.data !== undefined && elsewhere.error === undefined;
    if (scope.version !== ALL_VERSIONS && elsewhere.loading) return <Loading />;
    return (
      <div className="doc-state" role="alert" data-testid="doc-missing">
        <p>{inOtherVersion ? t('doc.notInVersion', { version: versionName }) : t('doc.notFound')}</p>
        <Link to="/doc">{t('doc.backToList')}</Link>
      </div>
    );
  }
  if (info.error !== undefined) return <LoadError error={info.error} retry={info.retry} />;
  if (!doc) return <Loading />;

  const crumbs = tree.data ? pathTo(tree.data.list, doc.category_id) : [];
  return (
    <div className="doc-single" aria-busy={info.loading}>
      <div className="doc-article-column">
        <nav className="breadcrumbs" aria-label={t('doc.breadcrumb')}>
          <ol>
            <li>
              <Link to="/doc">{t('doc.allDocuments')}</Link>
            </li>
            {crumbs.map((category) => (
              <li key={category._id}>
                <Link to={`/doc?category=${encodeURIComponent(category._id)}`}>{category.name}</Link>
              </li>
            ))}
            <li aria-current="page">{doc.title}</li>
          </ol>
        </nav>
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
        {doc.attachments.length > 0 && (
          <section className="doc-attachments">
            <h2>{t('doc.attachments')}</h2>
            <ul>
              {doc.attachments.map((file) => (
                <li key={file._id}>
                  <a href={file.url} download={file.name}>
                    {file.name}
                  </a>{' '}
                  <span className="muted">{Math.max(1, Math.round(file.size / 1024))} KB</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {(doc.prev ?? doc.next) && (
          <nav className="doc-pager" aria-label={t('doc.pager')}>
            {doc.prev && (
              <Link className="pager-prev" rel="prev" to={`/doc/single?id=${encodeURIComponent(doc.prev._id)}`}>
                <span className="muted">{t('doc.previous')}</span>
                <span>{doc.prev.title}</span>
              </Link>
            )}
            {doc.next && (
              <Link className="pager-next" rel="next" to={`/doc/single?id=${encodeURIComponent(doc.next._id)}`}>
                <span className="muted">{t('doc.next')}</span>
                <span>{doc.next.title}</span>
              </Link>
            )}
          </nav>
        )}
      </div>
      {doc.toc.length > 0 && (
        <nav className={tocOpen ? 'doc-toc open' : 'doc-toc'} aria-label={t('doc.onThisPage')} data-testid="toc">
          <h2>
            <button
              type="button"
              className="toc-toggle"
              aria-expanded={tocOpen}
              onClick={() => {
                setTocOpen((open) => !open);
              }}
            >
              {t('doc.onThisPage')}
            </button>
            <span className="toc-heading">{t('doc.onThisPage')}</span>
          </h2>
          <ul>
            {doc.toc.map((entry) => (
              <li key={entry.id} className={`toc-level-${String(entry.level)}`}>
                <a
                  href={`#/doc/single?id=${encodeURIComponent(id)}&h=${encodeURIComponent(entry.id)}`}
                  aria-current={entry.id === activeHeading ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    goToHeading(entry.id);
                  }}
                >
                  {entry.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
