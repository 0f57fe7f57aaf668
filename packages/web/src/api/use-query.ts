import { useEffect, useState } from 'react';
import type { ApiBody, ApiData, ApiPath } from '@open/protocol/api';
import { call } from './client';

export interface QueryState<T> {
  /** The latest answer; kept while a newer one loads, so the page does not flash empty. */
  data?: T | undefined;
  /** The failure of the latest call: the server's envelope, or the network error. */
  error?: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * Calls an API read whenever its body changes (`undefined`: not yet). Only the answer
 * to the latest body is kept: a slow answer to an older one never overwrites a newer one.
 */
export function useApiQuery<P extends ApiPath>(path: P, body: ApiBody<P> | undefined): QueryState<ApiData<P>> {
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
