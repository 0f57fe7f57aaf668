import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createLazyStore, createStore, useStore, type Store } from './store';
import { useStoreSelector } from './use-store-selector';

describe('createStore', () => {
  it('holds its value until set, the same object each time', () => {
    const first = { n: 1 };
    const store = createStore(first);
    expect(store.get()).toBe(first);
    expect(store.get()).toBe(store.get());
    const next = { n: 2 };
    store.set(next);
    expect(store.get()).toBe(next);
  });

  it('tells every subscriber after each set, in the order they subscribed, with the new value in place', () => {
    const store = createStore(0);
    const seen: string[] = [];
    store.subscribe(() => seen.push(`a${store.get()}`));
    store.subscribe(() => seen.push(`b${store.get()}`));
    store.set(1);
    store.set(2);
    expect(seen).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('stops telling a subscriber that unsubscribed, even during a notification', () => {
    const store = createStore('x');
    const calls: string[] = [];
    const offB = store.subscribe(() => calls.push('b'));
    const offA = store.subscribe(() => {
      calls.push('a');
      offB();
    });
    store.set('y');
    store.set('z');
    expect(calls).toEqual(['b', 'a', 'a']);
    offA();
    store.set('w');
    expect(calls).toEqual(['b', 'a', 'a']);
  });
});

describe('createLazyStore', () => {
  it('makes its first value on first read, once', () => {
    const init = vi.fn(() => ({ started: true }));
    const store = createLazyStore(init);
    expect(init).not.toHaveBeenCalled();
    const value = store.get();
    expect(store.get()).toBe(value);
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('never makes it when a value was set first', () => {
    const init = vi.fn(() => 'first');
    const store = createLazyStore(init);
    store.set('set');
    expect(store.get()).toBe('set');
    expect(init).not.toHaveBeenCalled();
  });
});

describe('useStore', () => {
  function Count({ store }: { store: Store<number> }) {
    return <span>{useStore(store)}</span>;
  }

  it('renders the current value', () => {
    const store = createStore(1);
    expect(renderToString(<Count store={store} />)).toBe('<span>1</span>');
    store.set(2);
    expect(renderToString(<Count store={store} />)).toBe('<span>2</span>');
  });
});

describe('useStoreSelector', () => {
  interface Page {
    progress: number;
    log: readonly string[];
  }
  function Log({ store }: { store: Store<Page> }) {
    const log = useStoreSelector(store, (page) => page.log);
    return <span>{log.join(',')}</span>;
  }

  it('renders the selected part, and its subscriber sees a change of another part as no change', () => {
    const store = createStore<Page>({ progress: 0, log: ['a'] });
    expect(renderToString(<Log store={store} />)).toBe('<span>a</span>');
    const select = (page: Page) => page.log;
    const before = select(store.get());
    store.set({ ...store.get(), progress: 0.5 });
    // What useSyncExternalStore compares (Object.is) to decide on a render: the same log.
    expect(Object.is(select(store.get()), before)).toBe(true);
    store.set({ ...store.get(), log: ['a', 'b'] });
    expect(renderToString(<Log store={store} />)).toBe('<span>a,b</span>');
  });
});
