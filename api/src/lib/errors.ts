/** An error with the exact body the client gets: `{detail}` or `{field: [messages]}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    /** Headers the answer carries (a 503's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const badRequest = (detail: string) => new HttpError(400, { detail });
export const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] });
export const unauthorized = (detail: string, code?: string) => new HttpError(401, code ? { detail, code } : { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });

export const NO_CREDENTIALS = 'Authentication credentials were not provided.';

export const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again in a few seconds.';
/** Seconds a client is told to wait (Retry-After) while the database does not answer. */
export const DATABASE_RETRY_AFTER = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL: shutting down or starting, too many connections, statement timeout (57014), a session
 * ended by the server's idle-in-transaction or idle-session timeout (25P03, 57P05).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03', '57P05']);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|database busy|Connection terminated|Query read timeout|connection error|Connection refused/i;

/**
 * Whether an error (or its cause, drizzle wraps the driver's) means the database could not be
 * reached or did not answer in time, as opposed to a bad query or bad input.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code)) return true;
    }
    // AggregateError (a host with several addresses, all refused).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
