/** An error with the exact body the client gets: `{detail}` or `{field: [messages]}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
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
