import crypto from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { describeEachDatabase, someVariant, SHOPPER } from '../test/fixture';
import { STALE_MS } from './idempotency';

describeEachDatabase('Idempotency-Key', (get) => {
  const add = (token: string, key: string | undefined, payload: object) =>
    get().request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const quantityOf = async (token: string) => {
    const me = await get().request({ method: 'GET', url: '/api/users/me', token });
    return me.json().cart.cart_items.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0);
  };

  it('a repeated add-to-cart with the same key adds once and answers the first answer again', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 5);
    const line = { product_id: product.id, variant_id: variant.id };
    const first = await add(user.access, 'key-aaaaaaaa-1', line);
    const repeat = await add(user.access, 'key-aaaaaaaa-1', line);
    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await quantityOf(user.access)).toBe(1);
    // A new key is a new change; no key is a change every time.
    await add(user.access, 'key-aaaaaaaa-2', line);
    await add(user.access, undefined, line);
    expect(await quantityOf(user.access)).toBe(3);
  });

  it('repeats sent at once make one change', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 20);
    const line = { product_id: product.id, variant_id: variant.id };
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(user.access, 'key-concurrent-1', line)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await quantityOf(user.access)).toBe(1);
  });

  it('refuses the same key with a different request, and keeps keys per user', async () => {
    const ctx = get();
    const [a, b] = [await ctx.newUser(), await ctx.newUser()];
    const { product, variant } = await someVariant(ctx, 5);
    const line = { product_id: product.id, variant_id: variant.id };
    await add(a.access, 'key-shared-0001', line);
    const other = await ctx.request({
      method: 'PUT',
      url: `/api/products/update-cart-item/${product.id}/${variant.id}`,
      token: a.access,
      payload: { quantity: 3 },
      headers: { 'idempotency-key': 'key-shared-0001' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    // Another user's identical key is their own.
    expect((await add(b.access, 'key-shared-0001', line)).headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(b.access)).toBe(1);
  });

  it('answers 400 to a malformed key', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 5);
    const res = await add(user.access, 'bad key!', { product_id: product.id, variant_id: variant.id });
    expect(res.statusCode).toBe(400);
    expect(await quantityOf(user.access)).toBe(0);
  });

  it('takes over a claim left by a process that died mid-request (a change outside a transaction)', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 5);
    const set = (quantity: number, key?: string) =>
      ctx.request({
        method: 'PUT',
        url: `/api/products/update-cart-item/${product.id}/${variant.id}`,
        token: user.access,
        payload: { quantity },
        headers: key ? { 'idempotency-key': key } : {},
      });
    // What a killed process leaves: a claim with no answer, older than STALE_MS. The hash must match
    // the request, so claim it by a first request and then make that claim look abandoned.
    expect((await set(3, 'key-abandoned-1')).statusCode).toBe(200);
    await ctx.app.db
      .update(idempotencyKeys)
      .set({ statusCode: 0, response: null, createdAt: new Date(Date.now() - STALE_MS - 1000) })
      .where(eq(idempotencyKeys.userId, user.id));
    expect((await set(1)).statusCode).toBe(200);
    const retried = await set(3, 'key-abandoned-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await quantityOf(user.access)).toBe(3);
  });

  it('add-to-cart stores its key with the change: an error rolls both back, and the retry adds once', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 5);
    const missing = await add(user.access, 'key-rollback-1', { product_id: product.id, variant_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    const keys = () => ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(await keys()).toEqual([]);
    const line = { product_id: product.id, variant_id: variant.id };
    expect((await add(user.access, 'key-rollback-2', line)).statusCode).toBe(200);
    const [stored] = await keys();
    expect(stored).toMatchObject({ key: 'key-rollback-2', statusCode: 200 });
    expect((stored!.response as { cart: { cart_items: unknown[] } }).cart.cart_items).toHaveLength(1);
  });

  it('login opts out: the same key signs in twice with fresh tokens', async () => {
    const login = () =>
      get().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: SHOPPER,
        headers: { 'idempotency-key': 'key-login-0001' },
      });
    const [first, second] = [await login(), await login()];
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().refresh).not.toBe(first.json().refresh);
  });
});

describeEachDatabase(
  'Idempotency-Key rows: only for signed-in changes, bounded per account, expired on a schedule',
  (get) => {
    const keyed = (options: { method: 'POST' | 'PATCH'; url: string; payload: object; token?: string }) =>
      get().request({ ...options, headers: { 'idempotency-key': `flood-${crypto.randomUUID()}` } });
    const rowsOf = async (userId: number | null) =>
      (
        await get()
          .app.db.select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(userId === null ? isNull(idempotencyKeys.userId) : eq(idempotencyKeys.userId, userId))
      ).length;

    it('an anonymous flood of keyed changes stores no row', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 20; i++) {
        for (const res of await Promise.all([
          keyed({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `nobody-${i}@example.com` } }),
          keyed({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: `news-${i}@example.com` } }),
          keyed({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token: 'x'.repeat(43), password: 'Passw0rdX' },
          }),
          keyed({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: `not-a-token-${i}` } }),
        ]))
          statuses.add(res.statusCode);
      }
      expect([...statuses].sort()).toEqual([200, 400]);
      expect(await rowsOf(null)).toBe(0);
    });

    it("keeps one account's newest keys only (20 here), and they still answer a repeat", async () => {
      const ctx = get();
      const user = await ctx.newUser();
      const { product, variant } = await someVariant(ctx, 25);
      let last: { key: string; body: string } | undefined;
      for (let i = 0; i < 25; i++) {
        const key = `bounded-${i}-${crypto.randomUUID()}`;
        const wished = await ctx.request({
          method: 'POST',
          url: '/api/users/me/wishlist',
          token: user.access,
          payload: { product_id: product.id },
          headers: { 'idempotency-key': key },
        });
        expect(wished.statusCode).toBe(200);
        const added = await ctx.request({
          method: 'POST',
          url: '/api/products/add-to-cart',
          token: user.access,
          payload: { product_id: product.id, variant_id: variant.id },
          headers: { 'idempotency-key': `${key}-cart` },
        });
        expect(added.statusCode).toBe(200);
        last = { key, body: wished.body };
      }
      // 50 keyed changes; trimmed to the newest 20 every 2nd one.
      expect(await rowsOf(user.id)).toBeLessThanOrEqual(22);
      const repeat = await ctx.request({
        method: 'POST',
        url: '/api/users/me/wishlist',
        token: user.access,
        payload: { product_id: product.id },
        headers: { 'idempotency-key': last!.key },
      });
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(JSON.parse(last!.body));
    });

    it('deletes keys past 72 hours on its schedule, with no request coming', async () => {
      const ctx = get();
      const user = await ctx.newUser();
      const old = new Date(Date.now() - 73 * 60 * 60 * 1000);
      await ctx.app.db.insert(idempotencyKeys).values([
        { userId: user.id, key: 'expired-1', requestHash: 'h', statusCode: 200, createdAt: old },
        { userId: user.id, key: 'expired-2', requestHash: 'h', statusCode: 200, createdAt: old },
        { userId: user.id, key: 'recent-1', requestHash: 'h', statusCode: 200 },
      ]);
      const keys = async () =>
        (
          await ctx.app.db
            .select({ key: idempotencyKeys.key })
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.userId, user.id))
        )
          .map((r) => r.key)
          .sort();
      const deadline = Date.now() + 5000;
      while ((await keys()).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await keys()).toEqual(['recent-1']);
    });
  },
  { idempotencyKeysPerUser: 20, idempotencySweepMs: 200 },
);
