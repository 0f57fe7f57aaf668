import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@open/protocol/locales';
import type { DocResourceItem } from '@open/protocol/api/doc';
import { FallbackTag } from '../fallback';

/** The address of a document of the results. */
export const docLink = (id: string) => `/doc/single?id=${encodeURIComponent(id)}`;

/** The element id of a result, for the input's active descendant. */
export const optionId = (listId: string, index: number) => `${listId}-${String(index)}`;

interface SearchResultsProps {
  listId: string;
  items: readonly DocResourceItem[];
  /** The row the keyboard chose. */
  chosen: number;
  setActive: (index: number) => void;
  /** The language the reader asked for: a result served in another says so. */
  asked: string;
}

/** The results as a listbox the search input drives. */
export function SearchResults({ listId, items, chosen, setActive, asked }: SearchResultsProps) {
  const { t } = useTranslation();
  return (
    <ul id={listId} role="listbox" aria-label={t('doc.search')} className="search-results" data-testid="search-results">
      {items.map((item, index) => (
        // The link itself is the option (a link inside an option would be a control inside a
        // control): it keeps its address, so a result still opens in a new tab.
        <li key={item._id} role="none" className={index === chosen ? 'search-result active' : 'search-result'}>
          <Link
            to={docLink(item._id)}
            id={optionId(listId, index)}
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
              <FallbackTag served={item.lang} asked={asked} />
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
  );
}
