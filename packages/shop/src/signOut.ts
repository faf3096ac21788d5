import { http } from '@store/http';
import { sessionStore } from '@store/session';

/**
 * Signs out (SPEC.md section 4): the saved session, the profile cache and the local cart go at once;
 * the refresh token is revoked on the server in the background (a failure there changes nothing here).
 */
export function signOut(): Promise<void> {
  const refreshToken = sessionStore.getState().tokens?.refresh;
  sessionStore.getState().logout();
  if (!refreshToken) return Promise.resolve();
  return http.post('auth/logout', { refreshToken }).then(
    () => undefined,
    () => undefined,
  );
}
