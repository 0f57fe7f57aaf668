import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '@open/protocol/locales';
import { useApiQuery } from '../../api/use-query';
import { createStore, useStore } from '../../state/store';

/**
 * How many times the categories have changed in this tab. Every panel that lists them reads
 * it, so a category created, renamed, moved or removed in one panel shows in every other list
 * (the document editor's picker among them) without each keeping its own copy.
 */
const changes = createStore(0);

/** Tells every category list that the categories changed: each fetches them again. */
export function categoriesChanged(): void {
  changes.set(changes.get() + 1);
}

/**
 * The CMS's category tree, names in the interface language, fetched again after every change
 * (`categoriesChanged`) and whenever the tab comes back into view, since another tab may have
 * changed them meanwhile. `retry` fetches it now (the picker does as it opens).
 */
export function useCategoryList() {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  const query = useApiQuery('cms/get_category_list', { lang });
  const changed = useStore(changes);
  const [returns, setReturns] = useState(0);
  const wanted = `${String(changed)}:${String(returns)}`;
  const [seen, setSeen] = useState(wanted);
  // Set while rendering rather than in an effect, so the fetch starts with this render.
  if (seen !== wanted) {
    setSeen(wanted);
    query.retry();
  }
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setReturns((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return query;
}
