import crypto from 'node:crypto';
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Gate, GateFullError, GateTimeoutError } from '../db/gate';
import { HttpError } from './errors';

/**
 * OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. `algorithm` 2 is Argon2id (the package's
 * `Algorithm` is a const enum, which isolated modules cannot read).
 */
const PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32, algorithm: 2 } as const;

/** Marks an account that cannot sign in with a password (sample customers). */
export const UNUSABLE_PASSWORD = '!';

export const PASSWORD_BUSY = 'Too many sign-ins and password changes at once. Please try again in a moment.';

/**
 * Every argon2 hash and verification in this process goes through one small budget (issue 32.1): a
 * hash costs tens of milliseconds of a core, and without a limit a flood of sign-ins or password
 * changes took the CPU the catalogue needs. The work itself runs on libuv's thread pool (the native
 * @node-rs/argon2), never on the event loop; at most `running` at once (half the cores, at least
 * one), 32 times that wait their turn for up to 2 s, and anyone beyond is answered 503 with
 * Retry-After at once instead of joining a queue that grows. docs/decisions/0010-argon2-budget.md.
 */
let budget = defaultBudget();

function defaultBudget(running = Math.max(1, Math.floor(os.availableParallelism() / 2))): Gate {
  return new Gate(running, 2000, 32 * running);
}

/** Sets how many argon2 computations run at once in this process (ARGON2_CONCURRENCY); tests shrink the queue too. */
export function configurePasswordBudget(options: { running?: number; waiting?: number } = {}) {
  const base = defaultBudget(options.running);
  budget = new Gate(base.limit, 2000, options.waiting ?? base.maxWaiting);
}

async function withinBudget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await budget.run(work);
  } catch (error) {
    if (error instanceof GateFullError || error instanceof GateTimeoutError) {
      throw new HttpError(503, { detail: PASSWORD_BUSY }, { 'retry-after': '1' });
    }
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withinBudget(() => hash(password, { ...PARAMS, salt: crypto.randomBytes(16) }));
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hashed: string | null | undefined): Promise<boolean> {
  if (!hashed || !hashed.startsWith('$argon2id$')) {
    // Same work as a real check, so response time does not reveal whether the account exists.
    dummyHash ??= hash('not-a-real-password', { ...PARAMS, salt: crypto.randomBytes(16) });
    const dummy = await dummyHash;
    await withinBudget(() => verify(dummy, password));
    return false;
  }
  try {
    return await withinBudget(() => verify(hashed, password));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return false;
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
