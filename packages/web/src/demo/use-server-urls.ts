import { useCallback, useEffect, useState } from 'react';
import { loadServerUrls, saveServerUrls, SERVER_URLS_KEY, type ServerUrlList } from './server-urls';

/** The serverUrl list from localStorage, saved on each change and followed across tabs. */
export function useServerUrls(): [ServerUrlList, (next: ServerUrlList) => void] {
  const [list, setList] = useState(() => loadServerUrls(localStorage, location.origin));

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SERVER_URLS_KEY) setList(loadServerUrls(localStorage, location.origin));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const change = useCallback((next: ServerUrlList) => {
    saveServerUrls(localStorage, next);
    setList(next);
  }, []);
  return [list, change];
}
