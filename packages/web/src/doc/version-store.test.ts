import { describe, expect, it } from 'vitest';
import type { DocVersion } from '@open/protocol/api';
import type { KeyValueStorage } from '../i18n/storage';
import { ALL_VERSIONS, createVersionStore, selectVersion } from './version-store';

const v1: DocVersion = { _id: 'v1', name: 'v1.0', isDefault: false };
const v2: DocVersion = { _id: 'v2', name: 'v2.0', isDefault: true };
const v3: DocVersion = { _id: 'v3', name: 'v3.0', isDefault: false };

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('selectVersion (spec §4)', () => {
  it('1. keeps the stored version when it is still in the list', () => {
    expect(selectVersion([v1, v2, v3], 'v3')).toBe('v3');
  });
  it('2. chooses the default when the stored version is empty', () => {
    expect(selectVersion([v1, v2, v3], '')).toBe('v2');
    expect(selectVersion([v1, v2, v3], null)).toBe('v2');
  });
  it('2. chooses the default when the stored version is gone', () => {
    expect(selectVersion([v1, v2], 'deleted')).toBe('v2');
  });
  it('3. chooses the first version when none is the default', () => {
    expect(selectVersion([v3, v1], 'deleted')).toBe('v3');
  });
  it("4. chooses 'all' when the list is empty", () => {
    expect(selectVersion([], 'v1')).toBe(ALL_VERSIONS);
    expect(selectVersion([], null)).toBe(ALL_VERSIONS);
  });
  it("keeps a reader's explicit choice of the full version", () => {
    expect(selectVersion([v1, v2], ALL_VERSIONS)).toBe(ALL_VERSIONS);
  });
});

describe('version store', () => {
  it('loads the list, selects by the rule and persists globalVersion', async () => {
    const storage = memoryStorage();
    const store = createVersionStore({ storage, loadVersions: () => Promise.resolve([v1, v2]) });
    expect(store.getState()).toEqual({ versionList: [], globalVersion: '', loaded: false });
    await store.refresh();
    expect(store.getState()).toEqual({ versionList: [v1, v2], globalVersion: 'v2', loaded: true });
    expect(storage.data.get('globalVersion')).toBe('v2');
  });

  it('starts from the stored choice and keeps it when it still exists', async () => {
    const storage = memoryStorage({ globalVersion: 'v1' });
    const store = createVersionStore({ storage, loadVersions: () => Promise.resolve([v1, v2]) });
    expect(store.getState().globalVersion).toBe('v1');
    await store.refresh();
    expect(store.getState().globalVersion).toBe('v1');
  });

  it('silently ignores a failed load: no throw, stored choice kept, nothing overwritten', async () => {
    const storage = memoryStorage({ globalVersion: 'v1' });
    const store = createVersionStore({ storage, loadVersions: () => Promise.reject(new Error('offline')) });
    let notified = 0;
    store.subscribe(() => notified++);
    await expect(store.refresh()).resolves.toBeUndefined();
    expect(store.getState()).toEqual({ versionList: [], globalVersion: 'v1', loaded: false });
    expect(storage.data.get('globalVersion')).toBe('v1');
    expect(notified).toBe(0);
  });

  it('select() persists a listed version or all, and ignores an unknown id', async () => {
    const storage = memoryStorage();
    const store = createVersionStore({ storage, loadVersions: () => Promise.resolve([v1, v2]) });
    await store.refresh();
    store.select('v1');
    expect(storage.data.get('globalVersion')).toBe('v1');
    store.select(ALL_VERSIONS);
    expect(store.getState().globalVersion).toBe(ALL_VERSIONS);
    store.select('nope');
    expect(store.getState().globalVersion).toBe(ALL_VERSIONS);
  });

  it('notifies subscribers and stops after unsubscribe', async () => {
    const store = createVersionStore({ storage: memoryStorage(), loadVersions: () => Promise.resolve([v1]) });
    let calls = 0;
    const off = store.subscribe(() => calls++);
    await store.refresh();
    off();
    store.select('v1');
    expect(calls).toBe(1);
  });
});
