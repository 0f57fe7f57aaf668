/**
 * The one shape of the web app's shared state: a value, replaced whole, and the components that
 * read it re-rendered through React's `useSyncExternalStore`. Each store module keeps its rules
 * (what a change may be, what it persists) and hands its value to one of these.
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  /** The current value: the same object until the next `set`, as `useSyncExternalStore` requires. */
  get: () => T;
  /** Replaces the value and tells every subscriber, in the order they subscribed. */
  set: (next: T) => void;
  /** Calls `listener` after every `set`; returns what stops it. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * A store whose first value is made on first read, so a module whose start reads the browser
 * (localStorage, location) can be imported where there is none, as in tests under Node.
 */
export function createLazyStore<T>(init: () => T): Store<T> {
  // Boxed, so that a store whose value is undefined does not count as not made yet.
  let value: { current: T } | undefined;
  const listeners = new Set<() => void>();
  const get = (): T => (value ??= { current: init() }).current;
  return {
    get,
    set: (next) => {
      value = { current: next };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function createStore<T>(initial: T): Store<T> {
  return createLazyStore(() => initial);
}

/**
 * The store's value in a component, which re-renders when it changes. The app never renders on
 * a server; the server snapshot is the same value so that a render without a DOM (a test) works.
 */
export function useStore<T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
