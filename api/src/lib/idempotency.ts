import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';

/**
 * `Idempotency-Key` on every change. The client sends one key per change and the same key on its
 * retries (SPEC's client retries a network failure or a 5xx up to 3 times), so a change whose answer
 * was lost is not made twice: the first request claims the key in the database (shared by every API
 * process), its answer is stored, and a repeat gets that answer back (`Idempotent-Replayed: true`).
 *
 * - A repeat that arrives while the first is still running waits for its answer.
 * - A 5xx is not stored (the change did not happen, or not wholly): the key is freed for the retry.
 * - A claim whose request never finished (its process was killed) is taken over after STALE_MS.
 * - The same key with a different request is refused (422); keys are per user.
 * - A route opts out with `config: { idempotency: 'reason' }`: login and refresh (a repeat must mint
 *   fresh tokens, and tokens are not to be stored), and the changes that are not safe to repeat,
 *   adding to the cart and placing an order, which claim the key and store their answer in the
 *   change's own transaction (`idempotentChange` below, same table).
 *
 * - Only a signed-in caller's changes are kept (issue 32.2): an anonymous request's key is ignored, so
 *   no one stores rows without an account. (Signing up, a reset, a contact message: a repeat of those
 *   is refused or harmless, see docs/decisions/0011-idempotency-keys-bounded.md.)
 * - One account keeps at most `idempotencyKeysPerUser` keys (its oldest go first), and keys older than
 *   IDEMPOTENCY_TTL_HOURS are deleted on a schedule (`idempotencySweepMs`), whatever the traffic.
 *
 * What the hook cannot promise: a process killed between committing a change and storing its answer
 * (a few milliseconds) leaves a claim without an answer, and the retry makes the change again. It is
 * left to the routes whose repeat gives the same state (setting a quantity, removing a line, editing
 * a product); `idempotentChange` has no such window.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 72;
export const REPLAYED_HEADER = 'idempotent-replayed';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A claim older than this without an answer belongs to a request that died with its process. */
export const STALE_MS = 15_000;
/** How long a repeat waits for the first request's answer (below the client's 20 s timeout). */
const WAIT_MS = 17_000;

/** An Idempotency-Key header value: 1–255 visible ASCII characters (a UUID in practice). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new HttpError(400, { detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' });
  }
  return value;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why this route does not honour Idempotency-Key (every other change does). */
    idempotency?: string;
  }
  interface FastifyRequest {
    idempotencyClaim: { userId: number | null; key: string } | null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** JSON with sorted keys, so the same request always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export function requestHash(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(request.body)}`)
    .digest('hex');
}

const scope = (userId: number | null) =>
  userId === null ? isNull(idempotencyKeys.userId) : eq(idempotencyKeys.userId, userId);

async function replay(reply: FastifyReply, row: { statusCode: number; response: unknown }) {
  reply.header(REPLAYED_HEADER, 'true');
  reply.status(row.statusCode);
  if (row.response === null || row.response === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(row.response));
}

export function registerIdempotency(app: FastifyInstance, db: () => Db) {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATING.has(request.method) || request.routeOptions.config.idempotency) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    const key = idempotencyKeyOf(header);
    // Anonymous changes store nothing: a key protects a signed-in caller's changes only.
    if (!key || !request.user) return;
    const userId = request.user.id;
    const hash = requestHash(request);
    const where = and(scope(userId), eq(idempotencyKeys.key, key));
    const deadline = Date.now() + WAIT_MS;
    for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
      const claimed = await db()
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, statusCode: 0 })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) {
        request.idempotencyClaim = { userId, key };
        return;
      }
      const [earlier] = await db().select().from(idempotencyKeys).where(where);
      if (!earlier) continue; // freed meanwhile (its request failed): claim it now
      if (earlier.requestHash !== hash) {
        throw new HttpError(422, {
          detail: 'This Idempotency-Key was already used with a different request.',
          code: 'idempotency_key_reused',
        });
      }
      if (earlier.statusCode !== 0) return replay(reply, earlier);
      // Still running elsewhere, or abandoned by a process that died: take an abandoned one over.
      const taken = await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(where, eq(idempotencyKeys.statusCode, 0), lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_MS))),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length) {
        request.idempotencyClaim = { userId, key };
        return;
      }
      if (Date.now() > deadline) {
        reply.header('retry-after', '1');
        throw new HttpError(409, {
          detail: 'A request with this Idempotency-Key is still being processed; try again shortly.',
          code: 'idempotency_key_in_use',
        });
      }
      await sleep(delay);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(scope(claim.userId), eq(idempotencyKeys.key, claim.key));
    try {
      if (reply.statusCode >= 500) {
        await db().delete(idempotencyKeys).where(where);
        return payload;
      }
      let response: unknown = null;
      if (typeof payload === 'string' && payload.length) {
        try {
          response = JSON.parse(payload);
        } catch {
          response = null;
        }
      }
      await db().update(idempotencyKeys).set({ statusCode: reply.statusCode, response }).where(where);
    } catch (err) {
      // The answer still goes out; a repeat will wait for the claim to go stale and run again.
      request.log.warn({ err }, 'could not store the idempotent answer');
    }
    return payload;
  });

  // One account's keys stay bounded: every `every`-th keyed change of a user (counted by the shared
  // limiter) trims that user's keys to the newest `max`, after the answer has gone.
  const max = app.config.idempotencyKeysPerUser ?? IDEMPOTENCY_KEYS_PER_USER;
  const every = Math.max(1, Math.floor(max / 10));
  app.addHook('onResponse', async (request) => {
    if (!MUTATING.has(request.method) || !request.user || request.headers[IDEMPOTENCY_HEADER] === undefined) return;
    try {
      const { count } = await app.limiter.hit(`idempotency-keys:${request.user.id}`, 60 * 60 * 1000);
      if (count % every === 0) await trimUserKeys(db(), request.user.id, max);
    } catch (err) {
      request.log.warn({ err }, 'could not trim the idempotency keys');
    }
  });

  // Expired keys go on a schedule (every process runs it; a repeat deletes nothing).
  const sweepMs = app.config.idempotencySweepMs ?? IDEMPOTENCY_SWEEP_MS;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      dropExpiredKeys(db()).catch((err: unknown) => app.log.warn({ err }, 'could not delete expired idempotency keys'));
    }, sweepMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}

/** How many keys one account keeps (its newest); a client retries within seconds, not 1,000 changes later. */
export const IDEMPOTENCY_KEYS_PER_USER = 1000;
/** How often expired keys are deleted. */
export const IDEMPOTENCY_SWEEP_MS = 10 * 60 * 1000;

/** Deletes the user's keys older than their `max` newest. */
export async function trimUserKeys(db: Db, userId: number, max: number) {
  // The unique index is on coalesce(user_id, 0): the same expression finds a user's rows through it.
  const mine = sql`coalesce(${idempotencyKeys.userId}, 0) = ${userId}`;
  await db.delete(idempotencyKeys).where(
    and(
      mine,
      lt(
        idempotencyKeys.createdAt,
        sql`(SELECT ${idempotencyKeys.createdAt} FROM ${idempotencyKeys} WHERE ${mine}
             ORDER BY ${idempotencyKeys.createdAt} DESC OFFSET ${max - 1} LIMIT 1)`,
      ),
    ),
  );
}

/** Deletes keys past IDEMPOTENCY_TTL_HOURS, at most 5,000 per statement (a long outage leaves many). */
export async function dropExpiredKeys(db: Db) {
  for (;;) {
    const result = (await db.execute(sql`
      DELETE FROM ${idempotencyKeys} WHERE ctid IN (
        SELECT ctid FROM ${idempotencyKeys}
        WHERE ${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        LIMIT 5000)`)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const deleted = result.rowCount ?? result.affectedRows ?? 0;
    if (deleted < 5000) return;
  }
}

export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** Identifies the request: the same key with another request is refused (422). */
  requestHash: string;
}

/**
 * Claims the key inside the change's transaction `t`. Resolves to null when claimed (make the change,
 * then `storeAnswerInTransaction`), or to the earlier answer to give back. A repeat that arrives while
 * the first is still running waits here (on the key's row) until the first commits or rolls back.
 */
export async function claimKeyInTransaction(
  t: DbOrTx,
  claim: IdempotencyClaim,
): Promise<{ statusCode: number; response: unknown } | null> {
  const claimed = await t
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, statusCode: 0, response: null })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return null;
  const [earlier] = await t
    .select()
    .from(idempotencyKeys)
    .where(and(scope(claim.userId), eq(idempotencyKeys.key, claim.key)));
  if (earlier && earlier.requestHash !== claim.requestHash) {
    throw new HttpError(422, {
      detail: 'This Idempotency-Key was already used with a different request.',
      code: 'idempotency_key_reused',
    });
  }
  if (!earlier || earlier.statusCode === 0) {
    // Freed meanwhile, or claimed outside a transaction (the generic hook) and still running.
    throw new HttpError(409, {
      detail: 'A request with this Idempotency-Key is still being processed; try again shortly.',
      code: 'idempotency_key_in_use',
    });
  }
  return { statusCode: earlier.statusCode, response: earlier.response };
}

/** Stores the answer of a claimed key, in the same transaction as the change. */
export async function storeAnswerInTransaction(
  t: DbOrTx,
  claim: IdempotencyClaim,
  statusCode: number,
  response: unknown,
) {
  await t
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(scope(claim.userId), eq(idempotencyKeys.key, claim.key)));
}

/**
 * Makes a change and stores its answer under the Idempotency-Key in one transaction, so they commit
 * together: a process killed at any point leaves both (a repeat gets the answer back) or neither (the
 * repeat makes the change, once). Without a key, the change just runs (no transaction to hold).
 * An error (4xx or 5xx) rolls everything back, the claim included: a repeat runs again.
 */
export async function idempotentChange<T>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  change: (t: DbOrTx) => Promise<T>,
  statusCode = 200,
): Promise<{ statusCode: number; body: T; replayed: boolean }> {
  if (!claim) return { statusCode, body: await change(db), replayed: false };
  return db.transaction(async (t) => {
    const earlier = await claimKeyInTransaction(t, claim);
    if (earlier) return { statusCode: earlier.statusCode, body: earlier.response as T, replayed: true };
    const body = await change(t);
    await storeAnswerInTransaction(t, claim, statusCode, body);
    return { statusCode, body, replayed: false };
  });
}
