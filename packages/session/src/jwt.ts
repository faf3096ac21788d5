import type { Role } from '@store/contracts';

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs claims). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** SPEC.md section 3: the role is the access token's role claim; REGULAR by default. */
export function decodeRole(access: string): Role {
  return decodeJwtPayload(access)?.role === 'ADMIN' ? 'ADMIN' : 'REGULAR';
}

export function isExpired(token: string, now = Date.now()): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= now;
}
