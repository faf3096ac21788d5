import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RegisterPayload, Role } from '@store/contracts';
import type { Db } from '../../db/client';
import { carts, passwordResets, refreshTokens, users } from '../../db/schema';
import { HttpError, badRequest, fieldError, unauthorized } from '../../lib/errors';
import { isUniqueViolation, violatedConstraint } from '../../lib/format';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, sha256, verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';

export const EMAIL_TAKEN = 'A user with this email already exists.';
/** The same wording as the e-mail's: usernames are unique whatever their case (issue 11.9). */
export const USERNAME_TAKEN = 'A user with this username already exists.';
const LOGIN_FAILED = 'No active account found with the given credentials';
const REFRESH_INVALID = 'Token is invalid or expired';
const RESET_INVALID = 'This password reset link is invalid or has expired.';
const RESET_TTL_MS = 60 * 60 * 1000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return user;
}

/** Whether another account (not `exceptUserId`) has this username, whatever the case. */
export async function usernameTaken(db: Db, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? sql`lower(${users.username}) = lower(${username})`
        : and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, exceptUserId)),
    )
    .limit(1);
  return Boolean(row);
}

const USERNAME_INDEX = 'users_username_lower_idx';

/** A unique violation on `users`, as the field error the forms show (the username index, else e-mail). */
export function takenError(error: unknown) {
  return violatedConstraint(error) === USERNAME_INDEX
    ? fieldError('username', USERNAME_TAKEN)
    : fieldError('email', EMAIL_TAKEN);
}
export async function register(db: Db, payload: RegisterPayload) {
  const email = normaliseEmail(payload.email);
  if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN);
  if (await usernameTaken(db, payload.username)) throw fieldError('username', USERNAME_TAKEN);
  const passwordHash = await hashPassword(payload.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        email,
        username: payload.username,
        firstName: payload.first_name,
        lastName: payload.last_name,
        passwordHash,
      })
      .returning();
    if (!user) throw new Error('insert returned nothing');
    await db.insert(carts).values({ userId: user.id }).onConflictDoNothing();
    return user;
  } catch (error) {
    // Two sign-ups racing for one address or username: the unique indexes decide.
    if (isUniqueViolation(error)) throw takenError(error);
    throw error;
  }
}

/** Issues an access token and a refresh token of a (new or continuing) family. */
export async function issueTokens(db: Db, tokens: TokenService, user: { id: number; role: Role }, family?: string) {
  const fam = family ?? crypto.randomUUID();
  const refresh = await tokens.signRefresh(user.id, fam);
  await db.insert(refreshTokens).values({
    userId: user.id,
    jti: refresh.jti,
    family: fam,
    tokenHash: sha256(refresh.token),
    expiresAt: refresh.expiresAt,
  });
  return { access: await tokens.signAccess(user, fam), refresh: refresh.token };
}

export async function login(db: Db, tokens: TokenService, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok || !user.isActive) throw unauthorized(LOGIN_FAILED, 'invalid_credentials');
  return issueTokens(db, tokens, user);
}

const revokeFamily = (db: Db, family: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));

/** Rotation: each refresh token works once; presenting a rotated one revokes its whole family. */
export async function refresh(db: Db, tokens: TokenService, token: string) {
  const claims = await tokens.verifyRefresh(token);
  if (!claims) throw unauthorized(REFRESH_INVALID, 'token_not_valid');
  const now = new Date();
  const [rotated] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(token)),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, family: refreshTokens.family });
  if (!rotated) {
    const [known] = await db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .limit(1);
    // A stolen token used after its rightful owner rotated it (or the reverse): end the session.
    if (known) await revokeFamily(db, known.family);
    throw unauthorized(REFRESH_INVALID, 'token_not_valid');
  }
  const [user] = await db.select().from(users).where(eq(users.id, rotated.userId)).limit(1);
  if (!user || !user.isActive) {
    await revokeFamily(db, rotated.family);
    throw unauthorized(REFRESH_INVALID, 'token_not_valid');
  }
  return issueTokens(db, tokens, user, rotated.family);
}

export async function logout(db: Db, token: string): Promise<void> {
  const [known] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (known) await revokeFamily(db, known.family);
}

export const revokeAllSessions = (db: Db, userId: number) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

/** Ends every session of the user but `keep` (the one that asked, e.g. to change the password). */
export const revokeOtherSessions = (db: Db, userId: number, keep: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.family, keep), isNull(refreshTokens.revokedAt)));

/**
 * The same work whether or not the e-mail belongs to an account: one statement that looks the
 * account up and records the reset in one go (it inserts nothing for an unknown e-mail), and the
 * mail leaves in the background, so neither the answer nor its timing tells the two apart.
 */
export async function forgotPassword(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  publicUrl: string,
  email: string,
): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  const result = await db.execute(sql`
    WITH account AS (
      SELECT ${users.id} AS id, ${users.email} AS email, ${users.firstName} AS first_name FROM ${users}
      WHERE lower(${users.email}) = ${normaliseEmail(email)} AND ${users.isActive}
      LIMIT 1
    ), reset AS (
      INSERT INTO ${passwordResets} (user_id, token_hash, expires_at)
      SELECT id, ${sha256(token)}, ${expiresAt.toISOString()}::timestamptz FROM account
      RETURNING user_id
    )
    SELECT account.email, account.first_name FROM account JOIN reset ON reset.user_id = account.id`);
  // Both drivers (PGlite, node-postgres) answer { rows }.
  const [account] = (result as unknown as { rows: { email: string; first_name: string }[] }).rows;
  if (!account) return;
  const link = `${publicUrl}/auth/reset-password/${token}`;
  mailer
    .send({
      to: account.email,
      subject: 'Reset your password',
      text: `Hello ${account.first_name},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
    })
    .catch((error: unknown) => log.error({ err: error }, 'the password reset mail could not be sent'));
}

export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const now = new Date();
  // Marking it used in the same statement that checks it makes the token single-use under races.
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (!reset) throw badRequest(RESET_INVALID);
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
  await revokeAllSessions(db, reset.userId);
}

export { HttpError };
