import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@store/contracts';

export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** The session: the refresh-token family this access token was issued with. */
  sessionId: string;
}
export interface RefreshClaims {
  userId: number;
  jti: string;
  family: string;
  exp: number;
}

export function createTokenService(secret: string, accessTtl: number) {
  const key = new TextEncoder().encode(secret);
  // A token without an expiry (or issue time) would be valid forever: both are required.
  const verify = (token: string) =>
    jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'store-api', requiredClaims: ['exp', 'iat'] });

  return {
    signAccess(user: { id: number; role: Role }, sessionId: string): Promise<string> {
      return new SignJWT({ role: user.role, token_type: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer('store-api')
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + accessTtl)
        .sign(key);
    },
    async signRefresh(userId: number, family: string): Promise<{ token: string; jti: string; expiresAt: Date }> {
      const jti = crypto.randomUUID();
      const exp = Math.floor(Date.now() / 1000) + REFRESH_TTL_SECONDS;
      const token = await new SignJWT({ token_type: 'refresh', family })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer('store-api')
        .setIssuedAt()
        .setJti(jti)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    /** null when the token is malformed, expired, forged or not an access token. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await verify(token);
        const userId = Number(payload.sub);
        if (payload.token_type !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string') {
          return null;
        }
        return { userId, role: payload.role === 'ADMIN' ? 'ADMIN' : 'REGULAR', sessionId: payload.sid };
      } catch {
        return null;
      }
    },
    async verifyRefresh(token: string): Promise<RefreshClaims | null> {
      try {
        const { payload } = await verify(token);
        const userId = Number(payload.sub);
        if (
          payload.token_type !== 'refresh' ||
          !Number.isInteger(userId) ||
          typeof payload.jti !== 'string' ||
          typeof payload.family !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { userId, jti: payload.jti, family: payload.family, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
