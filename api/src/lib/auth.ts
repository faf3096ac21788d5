import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@store/contracts';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError, NO_CREDENTIALS, forbidden, unauthorized } from './errors';

export interface AuthUser {
  id: number;
  role: Role;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The signed-in user's row, read once by the auth hook (handlers reuse it). */
    account: typeof users.$inferSelect | null;
  }
}

// One prepared statement per database handle: the hook runs on every protected request.
const userById = new WeakMap<Db, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id');

/** Resolves the bearer token to an active user; the role comes from the database, not only the token. */
export async function authenticate(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw new HttpError(401, { detail: NO_CREDENTIALS });
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, { detail: NO_CREDENTIALS });
  const claims = await request.server.tokens.verifyAccess(match[1]);
  if (!claims) throw unauthorized('Given token not valid for any token type', 'token_not_valid');
  const db = request.server.db;
  let statement = userById.get(db);
  if (!statement) {
    statement = prepareUserById(db);
    userById.set(db, statement);
  }
  const [row] = await statement.execute({ id: claims.userId });
  if (!row || !row.isActive) throw unauthorized('User not found or inactive.', 'user_not_found');
  request.user = { id: row.id, role: row.role, sessionId: claims.sessionId };
  request.account = row;
}

export async function authenticateAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply);
  if (request.user?.role !== 'ADMIN') throw forbidden();
}

/** The signed-in user of a route behind `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, { detail: NO_CREDENTIALS });
  return request.user;
}
