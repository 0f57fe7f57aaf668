import { call } from '../api/client';
import { browserStorage } from '../i18n/storage';
import { useStore } from '../state/store';
import { createVersionStore, type VersionState } from './version-store';

/** The documentation side's one version store: list from the server, choice in localStorage. */
export const versionStore = createVersionStore({
  storage: browserStorage(),
  loadVersions: async () => (await call('doc/get_version_info', {})).list,
});

export function useVersions(): VersionState {
  return useStore({ get: versionStore.getState, subscribe: versionStore.subscribe });
}
