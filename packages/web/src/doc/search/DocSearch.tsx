import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { limits } from '@open/protocol/limits';
import { useDocContext } from '../doc-context';
import { FallbackListNotice } from '../fallback';
import { LoadError } from '../Status';
import { useApiQuery } from '../../api/use-query';
import { useSettled } from '../../ui/use-settled';
import { readSearchAddress, searchBody, withWords, writeSearchAddress, type SearchAddress } from './search-address';
import { CorrectionNotice } from './CorrectionNotice';
import { SearchCategory } from './SearchCategory';
import { docLink, optionId, SearchResults } from './SearchResults';

/**
 * The search view (`#/doc/search?q=…&category=…&typed=1`): results as you type, in the chosen
 * version and language; the query lives in the address, so a search can be shared or reloaded.
 * Words that match nothing come back corrected, with a link to search them as typed instead.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { scope, setActiveCategory } = useDocContext();
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
          aria-activedescendant={items.length ? optionId(listId, chosen) : undefined}
          data-testid="search-input"
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            update(withWords(address, event.target.value.trim()));
          }}
          onKeyDown={onKeyDown}
        />
        <SearchCategory
          value={address.category}
          onChange={(category) => {
            update({ ...address, q: text.trim(), category });
          }}
        />
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
      <SearchResults listId={listId} items={items} chosen={chosen} setActive={setActive} asked={scope.lang} />
    </section>
  );
}
