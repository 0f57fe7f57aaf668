import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiBody, ApiData, ApiPath } from '@open/protocol/api';
import { isLang, type Lang } from '@open/protocol/locales';
import { call } from '../api/client';
import { ALL_VERSIONS } from './version-store';
import { useVersions } from './versions';

export interface QueryState<T> {
  /** The latest answer; kept while a newer one loads, so the page does not flash empty. */
  data?: T | undefined;
  /** The failure of the latest call: the server's envelope, or the network error. */
  error?: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * Calls a documentation read whenever its body changes (`undefined`: not yet). Only the answer
 * to the latest body is kept: a slow answer to an older one never overwrites a newer one.
 */
export function useDocQuery<P extends ApiPath>(path: P, body: ApiBody<P> | undefined): QueryState<ApiData<P>> {
  const key = body === undefined ? '' : JSON.stringify(body);
  const [attempt, setAttempt] = useState(0);
  const tag = `${String(attempt)}:${key}`;
  // The last answer that arrived, with the call it answered: loading is "not for this call yet".
  const [settled, setSettled] = useState<{ tag: string; data?: ApiData<P>; error?: unknown }>({ tag: '' });
  useEffect(() => {
    if (!key) return;
    let latest = true;
    call(path, JSON.parse(key) as ApiBody<P>).then(
      (data) => {
        if (latest) setSettled({ tag: `${String(attempt)}:${key}`, data });
      },
      (error: unknown) => {
        if (latest) setSettled({ tag: `${String(attempt)}:${key}`, error });
      },
    );
    return () => {
      latest = false;
    };
  }, [path, key, attempt]);
  const current = settled.tag === tag;
  return {
    data: settled.data,
    error: current ? settled.error : undefined,
    loading: !current,
    retry: () => {
      setAttempt((n) => n + 1);
    },
  };
}

/** What every documentation read is filtered by: the chosen version and the interface language. */
export interface ReaderScope {
  version: string;
  lang: Lang;
  /** False until the version list has loaded or failed to (a failure reads the stored or full version). */
  ready: boolean;
}

export function useReaderScope(versionListSettled: boolean): ReaderScope {
  const { i18n } = useTranslation();
  const { globalVersion, loaded } = useVersions();
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';
  return { version: globalVersion || ALL_VERSIONS, lang, ready: loaded || versionListSettled };
}
