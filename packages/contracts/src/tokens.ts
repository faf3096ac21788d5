/**
 * The answer of `auth/login` and `auth/refresh-token`, checked without zod: the HTTP client and the
 * sign-in are on every first paint (issue #10 counts its bytes). `tokensSchema` in ./auth is the same
 * rule for the API's response schema; `tokens.test.ts` holds the two to the same answers.
 */
export interface TokensResponse {
  access: string;
  refresh: string;
  /** The server's text for a sign-in ('Login Successful!'). */
  message?: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The tokens in a server answer, or null when it does not carry both as non-empty strings. */
export function parseTokensResponse(value: unknown): TokensResponse | null {
  if (typeof value !== 'object' || value === null) return null;
  const { access, refresh, message } = value as Record<string, unknown>;
  if (!isText(access) || !isText(refresh)) return null;
  if (message !== undefined && typeof message !== 'string') return null;
  return message === undefined ? { access, refresh } : { access, refresh, message };
}
