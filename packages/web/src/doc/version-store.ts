import type { DocVersion } from '@open/protocol/api';
import { VERSION_KEY, type KeyValueStorage } from '../i18n/storage';
import { createStore } from '../state/store';

/** The value of `globalVersion` meaning every version (label 'Full version'). */
export const ALL_VERSIONS = 'all';

/**
 * The selection rule of spec §4, applied after the list loads:
 * 1. keep the stored version if it is still in the list;
 * 2. else the version flagged isDefault;
 * 3. else the first version;
 * 4. an empty list gives 'all'.
 * A stored 'all' is the reader's own choice of the full version and is kept as such.
 */
export function selectVersion(list: readonly DocVersion[], stored: string | null | undefined): string {
  if (stored === ALL_VERSIONS) return ALL_VERSIONS;
  if (stored && list.some((v) => v._id === stored)) return stored;
  const byDefault = list.find((v) => v.isDefault);
  if (byDefault) return byDefault._id;
  return list[0]?._id ?? ALL_VERSIONS;
}

export interface VersionState {
  versionList: readonly DocVersion[];
  /** A version `_id` or 'all'; empty until the list has loaded or a choice was stored. */
  globalVersion: string;
  loaded: boolean;
}

export interface VersionStore {
  getState: () => VersionState;
  subscribe: (listener: () => void) => () => void;
  /** Loads the list and applies the selection rule; a failed load is ignored (spec §7). */
  refresh: () => Promise<void>;
  select: (versionId: string) => void;
}

export function createVersionStore(options: {
  storage: KeyValueStorage;
  loadVersions: () => Promise<readonly DocVersion[]>;
}): VersionStore {
  const { storage, loadVersions } = options;
  const store = createStore<VersionState>({
    versionList: [],
    globalVersion: storage.getItem(VERSION_KEY) ?? '',
    loaded: false,
  });

  const set = (next: VersionState) => {
    if (next.globalVersion) storage.setItem(VERSION_KEY, next.globalVersion);
    store.set(next);
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    refresh: async () => {
      let list: readonly DocVersion[];
      try {
        list = await loadVersions();
      } catch {
        // Spec §7: failure to load the version list is silently ignored; the reader keeps
        // the stored choice and the page stays usable.
        return;
      }
      set({ versionList: list, globalVersion: selectVersion(list, store.get().globalVersion), loaded: true });
    },
    select: (versionId) => {
      const state = store.get();
      if (versionId !== ALL_VERSIONS && !state.versionList.some((v) => v._id === versionId)) return;
      set({ ...state, globalVersion: versionId });
    },
  };
}
