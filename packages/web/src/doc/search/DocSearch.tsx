import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { limits } from '@open/protocol/limits';
import { directionOf } from '@open/protocol/locales';
import { useDocContext } from '../doc-context';
import { FallbackListNotice, FallbackTag } from '../fallback';
import { LoadError } from '../Status';
import { flatten, withDocuments } from '../tree/tree';
import { useApiQuery } from '../../api/use-query';
import { useSettled } from '../../ui/use-settled';

const docLink = (id: string) => `/doc/single?id=${encodeURIComponent(id)}`;

/**
 * The search view (`#/doc/search?q=…&category=…`): results as you type, in the chosen version
 * and language; the query lives in the address, so a search can be shared or reloaded.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope, tree, setActiveCategory } = useDocContext();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const categoryId = params.get('category') ?? '';
  const [active, setActive] = useState(0);
  const keyword = useSettled(text.trim(), 200);
  const listId = useId();

  useEffect(() => {
    setActiveCategory(undefined);
  }, [setActiveCategory]);

  const results = useApiQuery(
    'doc/get_resource_list',
    scope.ready && keyword
      ? {
          version: scope.version,
          lang: scope.lang,
          keyword,
          ...(categoryId ? { category_id: categoryId } : {}),
          page_number: 1,
          page_size: limits.pageSizeDefault,
        }
      : undefined,
  );
  const items = keyword ? (results.data?.list ?? []) : [];
  // New results may be fewer than the row that was chosen.
  const chosen = active < items.length ? active : 0;

  const update = (q: string, category: string) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (category) next.set('category', category);
    setParams(next, { replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!items.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((chosen + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const item = items[chosen];
      if (item) void navigate(docLink(item._id));
    }
  };

  const optionId = (index: number) => `${listId}-${String(index)}`;
  return (
    <section className="doc-search">
      <div className="search-form" role="search">
        <input
          type="search"
          // The view exists to type into: focus is where the reader expects it (also after '/').
          autoFocus
          value={text}
          maxLength={limits.keyword}
          placeholder={t('doc.searchPlaceholder')}
          aria-label={t('doc.searchLabel')}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length ? optionId(chosen) : undefined}
          data-testid="search-input"
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            update(event.target.value.trim(), categoryId);
          }}
          onKeyDown={onKeyDown}
        />
        <label className="search-category">
          <span>{t('doc.searchCategory')}</span>
          <select
            value={categoryId}
            data-testid="search-category"
            onChange={(event) => {
              update(text.trim(), event.target.value);
            }}
          >
            <option value="">{t('doc.searchAllCategories')}</option>
            {flatten(withDocuments(tree.data?.list ?? [])).map(({ category, depth }) => (
              <option key={category._id} value={category._id}>
                {'\u00a0\u00a0'.repeat(depth) + category.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted search-keys">{t('doc.searchKeys')}</p>
      {!keyword && <p className="doc-state muted">{t('doc.searchPrompt')}</p>}
      {keyword && results.error !== undefined && <LoadError error={results.error} retry={results.retry} />}
      {keyword && results.data && results.error === undefined && (
        <p className="search-total" role="status" data-testid="search-total">
          {results.data.total
            ? t('doc.searchTotal', { count: results.data.total })
            : t('doc.searchNone', { query: keyword })}
        </p>
      )}
      {keyword && <FallbackListNotice items={items} asked={scope.lang} />}
      <ul
        id={listId}
        role="listbox"
        aria-label={t('doc.search')}
        className="search-results"
        data-testid="search-results"
      >
        {items.map((item, index) => (
          <li
            key={item._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === chosen}
            className={index === chosen ? 'search-result active' : 'search-result'}
            onMouseEnter={() => {
              setActive(index);
            }}
          >
            <Link to={docLink(item._id)} tabIndex={-1}>
              <span className="search-result-title">
                <span lang={item.lang} dir={directionOf(item.lang)}>
                  {item.title}
                </span>
                <FallbackTag served={item.lang} asked={scope.lang} />
              </span>
              {/* Escaped on the server; only the <mark> around matched words is markup. */}
              {item.snippet && (
                <span
                  className="search-snippet"
                  lang={item.lang}
                  dir={directionOf(item.lang)}
                  dangerouslySetInnerHTML={{ __html: item.snippet }}
                />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
