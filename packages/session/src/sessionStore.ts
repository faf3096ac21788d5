import { createStore } from 'zustand/vanilla';
import { useSyncExternalStore } from 'react';
import type { Role } from '@store/contracts';
import { decodeRole } from './jwt';
import {
  AUTH_STORAGE_KEY,
  hasPersistentStorage,
  readPersistedSession,
  writePersistedSession,
  type Tokens,
} from './persistence';

export type DialogKind = 'login' | 'signup' | 'contact';

export interface DialogRequest {
  kind: DialogKind;
  /** Where to go after signing in (a page the visitor asked for while signed out). */
  returnTo?: string;
  /**
   * What the visitor started while signed out (an add to cart, a wishlist heart): the sign-in
   * finishes it once it succeeds. Dismissing the dialog drops it.
   */
  resume?: () => unknown;
}

export interface DialogOptions {
  returnTo?: string;
  resume?: () => unknown;
}

export interface SessionState {
  tokens: Tokens | null;
  role: Role;
  isAuthenticated: boolean;
  /** A request, from any room, for the shell to open one of its dialogs. */
  dialog: DialogRequest | null;

  /** Takes the tokens of a sign-in or of a refresh: saved for the other tabs, role read from the access token. */
  login(tokens: Tokens): void;
  logout(): void;
  /**
   * Takes the session other tabs left in local storage (their refresh, login or logout), without
   * writing it back. Runs on every `storage` event for `auth`, and before a refresh.
   */
  adoptStoredSession(): void;
  openDialog(kind: DialogKind, options?: DialogOptions): void;
  closeDialog(): void;
}

function initialAuth() {
  const persisted = readPersistedSession();
  return persisted
    ? { tokens: persisted.tokens, role: persisted.role, isAuthenticated: true }
    : { tokens: null, role: 'REGULAR' as Role, isAuthenticated: false };
}

const signedOut = { tokens: null, role: 'REGULAR' as Role, isAuthenticated: false };

export function createSessionStore() {
  return createStore<SessionState>()((set, get) => ({
    ...initialAuth(),
    dialog: null,

    login(tokens) {
      const role = decodeRole(tokens.access);
      writePersistedSession({ tokens, role });
      set({ tokens, role, isAuthenticated: true });
    },
    logout() {
      writePersistedSession(null);
      set(signedOut);
    },
    adoptStoredSession() {
      // Without storage there is no other tab to follow: this tab's tokens are the only ones.
      if (!hasPersistentStorage()) return;
      const stored = readPersistedSession();
      const current = get();
      if (!stored) {
        if (current.isAuthenticated) set(signedOut);
        return;
      }
      if (current.tokens?.access === stored.tokens.access && current.tokens.refresh === stored.tokens.refresh) return;
      set({ tokens: stored.tokens, role: stored.role, isAuthenticated: true });
    },
    openDialog(kind, options) {
      set({ dialog: { kind, returnTo: options?.returnTo, resume: options?.resume } });
    },
    closeDialog() {
      set({ dialog: null });
    },
  }));
}

/**
 * Keeps a store in step with the page's other tabs: another tab's refresh, login or logout arrives as
 * a `storage` event for `auth` (a `null` key means the whole storage was cleared). Returns the unsubscribe.
 */
export function followOtherTabs(store: ReturnType<typeof createSessionStore>): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) store.getState().adoptStoredSession();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The one session store of the page: shared as a federation singleton by the shell and every remote. */
export const sessionStore = createSessionStore();
followOtherTabs(sessionStore);

/**
 * The session as a server render sees it: signed out (the session lives in the browser's local
 * storage). A browser hydrating the server's HTML renders this first, then its own session: the
 * personal parts (names, the cart's count) change after hydration instead of mismatching it.
 */
let serverView: { of: SessionState; state: SessionState } | null = null;
function serverSnapshot(): SessionState {
  const state = sessionStore.getState();
  if (serverView?.of !== state) serverView = { of: state, state: { ...state, ...signedOut, dialog: null } };
  return serverView.state;
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => selector(sessionStore.getState()),
    () => selector(serverSnapshot()),
  );
}
