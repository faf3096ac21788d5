import type { LoginPayload, Role } from '@store/contracts';
import { parseTokensResponse } from '@store/contracts/tokens';
import { http } from '@store/http';
import { decodeRole, sessionStore } from '@store/session';

/** SPEC.md section 2: the server's message ('Login Successful!' from our API), else this. */
export const SIGNED_IN_FALLBACK_MESSAGE = 'Request successful!';

export interface SignedIn {
  role: Role;
  /** The text to show for the sign-in. */
  message: string;
}

/** The account signed in but may not use this place (a shopper at the admin's sign-in). */
export class RoleNotAllowedError extends Error {
  constructor(readonly role: Role) {
    super(`A ${role} account may not sign in here.`);
    this.name = 'RoleNotAllowedError';
  }
}

/** The answer to auth/login carried no usable tokens (a proxy's page, a half answer). */
export class BadSignInAnswerError extends Error {
  constructor() {
    super('The sign-in answer carried no tokens.');
    this.name = 'BadSignInAnswerError';
  }
}

/**
 * Signs in (SPEC.md section 2): posts the credentials, checks the answer's tokens and hands them to
 * the session store, the one place that keeps them. With `onlyRole` an account of another role is
 * refused before anything is stored (its fresh refresh token is revoked) and `RoleNotAllowedError`
 * is thrown. A wrong password rejects with the server's error (`getErrorMessage` reads it).
 */
export async function signIn(credentials: LoginPayload, options: { onlyRole?: Role } = {}): Promise<SignedIn> {
  const { data } = await http.post<unknown>('auth/login', credentials);
  const answer = parseTokensResponse(data);
  if (!answer) throw new BadSignInAnswerError();
  const role = decodeRole(answer.access);
  if (options.onlyRole && role !== options.onlyRole) {
    await revoke(answer.refresh);
    throw new RoleNotAllowedError(role);
  }
  sessionStore.getState().login({ access: answer.access, refresh: answer.refresh });
  return { role, message: answer.message || SIGNED_IN_FALLBACK_MESSAGE };
}

/**
 * Signs out (SPEC.md section 4): the saved session, the profile cache and the local cart go at once;
 * the refresh token is revoked on the server in the background (a failure there changes nothing here).
 */
export function signOut(): Promise<void> {
  const refreshToken = sessionStore.getState().tokens?.refresh;
  sessionStore.getState().logout();
  return refreshToken ? revoke(refreshToken) : Promise.resolve();
}

function revoke(refreshToken: string): Promise<void> {
  return http.post('auth/logout', { refreshToken }).then(
    () => undefined,
    () => undefined,
  );
}
