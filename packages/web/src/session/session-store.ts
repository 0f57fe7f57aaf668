import type { LoginUser } from '@open/protocol/api';
import { call } from '../api/client';
import { createStore, useStore } from '../state/store';

export interface SessionState {
  user: LoginUser | null;
  /** False until the first check_user_login has answered. */
  checked: boolean;
  /** The session ended while someone was signed in (expired, or signed out elsewhere). */
  expired: boolean;
}

const store = createStore<SessionState>({ user: null, checked: false, expired: false });

export const sessionStore = {
  getState: store.get,
  subscribe: store.subscribe,
  /** Asks the server who is signed in; any failure means nobody is. */
  refresh: async (): Promise<void> => {
    try {
      store.set({ user: await call('global/check_user_login', {}), checked: true, expired: false });
    } catch {
      store.set({ user: null, checked: true, expired: false });
    }
  },
  signedIn: (user: LoginUser): void => {
    store.set({ user, checked: true, expired: false });
  },
  signedOut: (): void => {
    store.set({ user: null, checked: true, expired: false });
  },
  /** The server no longer knows this session; only meaningful if someone was signed in. */
  expire: (): void => {
    if (store.get().user) store.set({ user: null, checked: true, expired: true });
  },
};

export function useSession(): SessionState {
  return useStore(store);
}
