import { useSyncExternalStore } from 'react';
import type { LoginUser } from '@open/protocol/api';
import { call } from '../api/client';

export interface SessionState {
  user: LoginUser | null;
  /** False until the first check_user_login has answered. */
  checked: boolean;
}

let state: SessionState = { user: null, checked: false };
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
      set({ user: await call('global/check_user_login', {}), checked: true });
    } catch {
      set({ user: null, checked: true });
    }
  },
  signedIn: (user: LoginUser): void => {
    set({ user, checked: true });
  },
  signedOut: (): void => {
    set({ user: null, checked: true });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
