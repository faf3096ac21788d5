import crypto from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** Marks an account that cannot sign in with a password (sample customers). */
export const UNUSABLE_PASSWORD = '!';

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: crypto.randomBytes(16), outputType: 'encoded' });
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !hash.startsWith('$argon2id$')) {
    // Same work as a real check, so response time does not reveal whether the account exists.
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2Verify({ password, hash: await dummyHash });
    return false;
  }
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
