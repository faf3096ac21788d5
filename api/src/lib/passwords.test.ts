import { HttpError } from './errors';
import { PASSWORD_BUSY, configurePasswordBudget, hashPassword, verifyPassword } from './passwords';

/** 'Shopper123' as the store hashed it before issue 32 (hash-wasm, the same argon2id parameters). */
const EARLIER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$UqO0N6HoEmGK4g936D++ZQ$nr00amIM1LQLumUSgHJr0tArlRp/80UMC8OatCKHK7U';

describe('passwords', () => {
  afterEach(() => configurePasswordBudget());

  it('hashes with argon2id and verifies, including the hashes stored before the change of library', async () => {
    const hashed = await hashPassword('Passw0rdX');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Passw0rdX', hashed)).toBe(true);
    expect(await verifyPassword('Passw0rdY', hashed)).toBe(false);
    expect(await verifyPassword('Shopper123', EARLIER_HASH)).toBe(true);
    expect(await verifyPassword('Shopper124', EARLIER_HASH)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });

  it('runs at most the budget at once with a bounded queue; beyond it, 503 with Retry-After at once', async () => {
    const hashed = await hashPassword('Passw0rdX');
    configurePasswordBudget({ running: 1, waiting: 1 });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        verifyPassword('Passw0rdX', hashed).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
    // One ran, one waited its turn; the four others were refused without waiting.
    expect(outcomes.filter((o) => 'ok' in o && o.ok)).toHaveLength(2);
    const refused = outcomes.filter((o): o is { error: HttpError } => 'error' in o);
    expect(refused).toHaveLength(4);
    for (const { error } of refused) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error.statusCode).toBe(503);
      expect(error.body).toEqual({ detail: PASSWORD_BUSY });
      expect(error.headers).toEqual({ 'retry-after': '1' });
    }
    // Then the budget is free again.
    expect(await verifyPassword('Passw0rdX', hashed)).toBe(true);
  });
});
