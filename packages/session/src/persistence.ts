import type { Role } from '@store/contracts';
import { decodeJwtPayload, decodeRole, isExpired } from './jwt';

export const AUTH_STORAGE_KEY = 'auth';

export interface Tokens {
  access: string;
  refresh: string;
}

export interface PersistedSession {
  tokens: Tokens;
  role: Role;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Local storage works here (not a server, not a browser that refuses it): tabs can share a session. */
export function hasPersistentStorage(): boolean {
  return storage() !== null;
}

/**
 * Restores `auth` from localStorage. Anything unusable (not JSON, missing fields, a malformed access
 * token, an expired refresh token) is removed and the visitor starts signed out.
 */
export function readPersistedSession(): PersistedSession | null {
  const store = storage();
  const raw = store?.getItem(AUTH_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PersistedSession> | null;
    const access = value?.tokens?.access;
    const refresh = value?.tokens?.refresh;
    if (typeof access !== 'string' || typeof refresh !== 'string' || !value?.role) throw new Error('incomplete');
    if (!decodeJwtPayload(access)) throw new Error('malformed access token');
    if (isExpired(refresh)) throw new Error('expired');
    // The role always comes from the token, never from what the page stored.
    return { tokens: { access, refresh }, role: decodeRole(access) };
  } catch {
    store?.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
}

export function writePersistedSession(session: PersistedSession | null): void {
  const store = storage();
  if (!store) return;
  if (session) store.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
  else store.removeItem(AUTH_STORAGE_KEY);
}
