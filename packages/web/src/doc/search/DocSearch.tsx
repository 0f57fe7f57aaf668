import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
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
import { CorrectionNotice } from './CorrectionNotice';
import { readSearchAddress, searchBody, withWords, writeSearchAddress, type SearchAddress } from './search-address';

const docLink = (id: string) => `/doc/single?id=${encodeURIComponent(id)}`;

/**
 * The search view (`#/doc/search?q=…&category=…&typed=1`): results as you type, in the chosen
 * version and language; the query lives in the address, so a search can be shared or reloaded.
 * Words that match nothing come back corrected, with a link to search them as typed instead.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope, tree, setActiveCategory } = useDocContext();
  const [params, setParams] = useSearchParams();
  const address = readSearchAddress(params);
  const [text, setText] = useState(() => address.q);
  const [active, setActive] = useState(0);
  // The words and the as-typed choice settle together: typing over an as-typed search would
  // otherwise first search the old words again, corrected.
  const wanted = useMemo(() => ({ keyword: text.trim(), typed: address.typed }), [text, address.typed]);
  const { keyword, typed } = useSettled(wanted, 200);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setActiveCategory(undefined);
  }, [setActiveCategory]);

  const results = useApiQuery(
    'doc/get_resource_list',
    scope.ready && keyword ? searchBody(scope, keyword, { category: address.category, typed }) : undefined,
  );
  const items = keyword ? (results.data?.list ?? []) : [];
  // New results may be fewer than the row that was chosen.
  const chosen = active < items.length ? active : 0;
  // Only with the answer to these very words (an older one stays on screen while they load),
  // and never once the reader chose the words as typed.
  const corrected = !address.typed && !results.loading ? results.data?.corrected : undefined;

  const update = (next: SearchAddress) => {
    setParams(writeSearchAddress(next), { replace: true });
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
          ref={inputRef}
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
            update(withWords(address, event.target.value.trim()));
          }}
          onKeyDown={onKeyDown}
        />
        <label className="search-category">
          <span>{t('doc.searchCategory')}</span>
          <select
            value={address.category}
            data-testid="search-category"
            onChange={(event) => {
              update({ ...address, q: text.trim(), category: event.target.value });
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
        // One live region: a correction is read out with the total it explains.
        <div role="status">
          {corrected && (
            <CorrectionNotice
              corrected={corrected}
              typed={keyword}
              lang={scope.lang}
              asTyped={{ search: `?${writeSearchAddress({ ...address, q: keyword, typed: true }).toString()}` }}
              onAsTyped={() => {
                // Words typed since the answer came are dropped: the link said which ones it searches.
                if (text.trim() !== keyword) setText(keyword);
                // The link goes away with the correction: the reader carries on from the words.
                inputRef.current?.focus();
              }}
            />
          )}
          <p className="search-total" data-testid="search-total">
            {results.data.total
              ? t('doc.searchTotal', { count: results.data.total })
              : t('doc.searchNone', { query: keyword })}
          </p>
        </div>
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
          // The link itself is the option (a link inside an option would be a control inside a
          // control): it keeps its address, so a result still opens in a new tab.
          <li key={item._id} role="none" className={index === chosen ? 'search-result active' : 'search-result'}>
            <Link
              to={docLink(item._id)}
              id={optionId(index)}
              role="option"
              aria-selected={index === chosen}
              tabIndex={-1}
              onMouseEnter={() => {
                setActive(index);
              }}
            >
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
