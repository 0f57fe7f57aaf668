import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { limits } from '@open/protocol/limits';
import { directionOf } from '@open/protocol/locales';
import { useDocContext } from './doc-context';
import { FallbackListNotice, FallbackTag } from './fallback';
import { formatTime, LoadError, Loading } from './Status';
import { ALL_DOCUMENTS, pathTo } from './tree/tree';
import { useApiQuery } from '../api/use-query';

const PAGE_SIZE = limits.pageSizeDefault;

/** doc.batch, the default child: the chosen category's documents as cards. */
export function Component() {
  const { t } = useTranslation();
  const { scope, tree, setActiveCategory } = useDocContext();
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('category') ?? undefined;
  const page = Math.max(1, Math.min(limits.pageNumberMax, Number(params.get('page')) || 1));

  useEffect(() => {
    setActiveCategory(categoryId ?? ALL_DOCUMENTS);
  }, [categoryId, setActiveCategory]);

  const list = useApiQuery(
    'doc/get_resource_list',
    scope.ready
      ? {
          version: scope.version,
          lang: scope.lang,
          ...(categoryId ? { category_id: categoryId } : {}),
          page_number: page,
          page_size: PAGE_SIZE,
        }
      : undefined,
  );
  const category = categoryId && tree.data ? pathTo(tree.data.list, categoryId).at(-1) : undefined;
  const heading = categoryId ? (category?.name ?? '') : t('doc.allDocuments');

  if (list.error !== undefined) return <LoadError error={list.error} retry={list.retry} />;
  if (!list.data) return <Loading />;
  const { list: items, total } = list.data;
  const pages = Math.ceil(total / PAGE_SIZE);
  const goTo = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    setParams(nextParams);
    window.scrollTo(0, 0);
  };
  return (
    <section className="doc-batch" aria-busy={list.loading}>
      <h2 className="doc-batch-title">{heading}</h2>
      {items.length === 0 ? (
        <p className="doc-state muted">{categoryId ? t('doc.empty') : t('doc.emptyAll')}</p>
      ) : (
        <>
          <FallbackListNotice items={items} asked={scope.lang} />
          <ul className="doc-cards" data-testid="resource-cards">
            {items.map((item) => (
              <li key={item._id} className="doc-card">
                <h3>
                  <span lang={item.lang} dir={directionOf(item.lang)}>
                    {item.title}
                  </span>
                  <FallbackTag served={item.lang} asked={scope.lang} />
                </h3>
                {item.summary && (
                  <p className="doc-card-summary" lang={item.lang} dir={directionOf(item.lang)}>
                    {item.summary}
                  </p>
                )}
                <div className="doc-card-foot">
                  <span className="muted">{t('doc.updatedAt', { time: formatTime(item.updated_at, scope.lang) })}</span>
                  <Link className="doc-card-open" to={`/doc/single?id=${encodeURIComponent(item._id)}`}>
                    {t('doc.viewDocumentation')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {total > PAGE_SIZE && (
        <nav className="doc-pages" aria-label={t('doc.pages')}>
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => {
              goTo(page - 1);
            }}
          >
            {t('doc.previousPage')}
          </button>
          <span>{t('doc.pageOf', { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => {
              goTo(page + 1);
            }}
          >
            {t('doc.nextPage')}
          </button>
        </nav>
      )}
    </section>
  );
}
