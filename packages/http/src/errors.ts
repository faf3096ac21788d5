import axios from 'axios';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

function body(error: unknown): Record<string, unknown> | null {
  if (!axios.isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/**
 * The text to show for a failed call: the server's `message` or `detail`, else the caller's
 * fallback; with no response body at all and no fallback, 'An unexpected error occurred'.
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  const data = body(error);
  for (const key of ['message', 'detail'] as const) {
    const value = data?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return fallback ?? UNEXPECTED_ERROR;
}

/** Field errors as DRF-style lists (`{email: ['…']}`): the first message of each field. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const data = body(error);
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
  }
  return fields;
}

export function getStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}
