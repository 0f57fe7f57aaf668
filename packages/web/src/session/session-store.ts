import { useSyncExternalStore } from 'react';
import type { LoginUser } from '@open/protocol/api';
import { call } from '../api/client';

export interface SessionState {
  user: LoginUser | null;
  /** False until the first check_user_login has answered. */
  checked: boolean;
  /** The session ended while someone was signed in (expired, or signed out elsewhere). */
  expired: boolean;
}

let state: SessionState = { user: null, checked: false, expired: false };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Asks the server who is signed in; any failure means nobody is. */
  refresh: async (): Promise<void> => {
    try {
      set({ user: await call('global/check_user_login', {}), checked: true, expired: false });
    } catch {
      set({ user: null, checked: true, expired: false });
    }
  },
  signedIn: (user: LoginUser): void => {
    set({ user, checked: true, expired: false });
  },
  signedOut: (): void => {
    set({ user: null, checked: true, expired: false });
  },
  /** The server no longer knows this session; only meaningful if someone was signed in. */
  expire: (): void => {
    if (state.user) set({ user: null, checked: true, expired: true });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
