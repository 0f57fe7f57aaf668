/**
 * Apart from store.ts, whose module the reader's first load shares: only the pages that select
 * (the diagnostics) carry it.
 */
import { useSyncExternalStore } from 'react';
import type { Store } from './store';

/**
 * A part of the store's value in a component, which re-renders only when that part changes (by
 * `Object.is`): a page whose parts change at different rates (a chart fed ten times a second
 * beside a log table) then redraws only the part that changed. `select` must return the same
 * object while its part is unchanged (a field of the value, or a primitive), never a new one.
 */
export function useStoreSelector<T, S>(store: Pick<Store<T>, 'get' | 'subscribe'>, select: (value: T) => S): S {
  const selected = () => select(store.get());
  return useSyncExternalStore(store.subscribe, selected, selected);
}
