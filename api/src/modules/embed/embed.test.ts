import { embedProductsResponseSchema, productDetailSchema } from '@store/contracts';
import type { z } from 'zod';
import { CHECKOUT, describeEachDatabase, type TestContext } from '../../test/fixture';
import { ownProduct } from '../../test/shop';

const BLOG = 'http://blog.localhost:8080';
const OTHER = 'http://elsewhere.localhost:9090';

async function createKey(ctx: TestContext, body: Record<string, unknown> = {}) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/admin/integrations',
    token: await ctx.adminToken(),
    payload: { name: 'Style blog', allowed_origins: [BLOG], ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; key: string; category: string | null };
}

async function statsOf(ctx: TestContext, id: number) {
  const list = await ctx.request({ method: 'GET', url: '/api/admin/integrations', token: await ctx.adminToken() });
  const found = list.json().data.find((k: { id: number }) => k.id === id);
  // The whole key is shown once, when it is created.
  expect(found.key).toMatch(/^pk_.{4}….{4}$/);
  return found;
}

// Keys are read from the database on every request (cache 0 s): a revoke shows at once.
describeEachDatabase(
  'integrator keys and the embed routes',
  (get) => {
    it('admin only: a shopper cannot list or create keys; bad origins are field errors', async () => {
      const ctx = get();
      const shopper = await ctx.newUser();
      expect(
        (await ctx.request({ method: 'GET', url: '/api/admin/integrations', token: shopper.access })).statusCode,
      ).toBe(403);
      const bad = await ctx.request({
        method: 'POST',
        url: '/api/admin/integrations',
        token: await ctx.adminToken(),
        payload: { name: 'x', allowed_origins: ['https://blog.example/path'] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()['allowed_origins.0']).toEqual([
        'Must be an origin like https://blog.example (scheme, host and port only)',
      ]);
    });

    it("answers CORS to the key's origins only, and a refused origin reads why", async () => {
      const ctx = get();
      const { key } = await createKey(ctx);
      expect(key).toMatch(/^pk_[\w-]{16,}$/);
      const allowed = await ctx.request({
        method: 'GET',
        url: `/api/embed/${key}/products?limit=3`,
        headers: { origin: BLOG },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe(BLOG);
      expect(allowed.json().data).toHaveLength(3);

      const preflight = await ctx.request({
        method: 'OPTIONS',
        url: `/api/embed/${key}/handoffs`,
        headers: {
          origin: BLOG,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(BLOG);

      const refused = await ctx.request({
        method: 'GET',
        url: `/api/embed/${key}/products`,
        headers: { origin: OTHER },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'origin_not_allowed',
        detail: `The key ${key} does not allow pages on ${OTHER}. Ask the store's admin (Admin → Integrations) to add ${OTHER} to the key's allowed origins.`,
      });
      const refusedPreflight = await ctx.request({
        method: 'OPTIONS',
        url: `/api/embed/${key}/handoffs`,
        headers: { origin: OTHER, 'access-control-request-method': 'POST' },
      });
      expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();

      // The store's own routes keep the store's CORS list: a key's origin gains nothing there.
      const store = await ctx.request({ method: 'GET', url: '/api/products', headers: { origin: BLOG } });
      expect(store.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('an unknown key and a revoked key are refused with what to do', async () => {
      const ctx = get();
      const unknown = await ctx.request({
        method: 'GET',
        url: '/api/embed/pk_nosuchkey0000000000/products',
        headers: { origin: BLOG },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('unknown_key');
      expect(unknown.json().detail).toMatch(/pk_nosuchkey0000000000 is not known to this store/);

      const { id, key } = await createKey(ctx);
      const revoke = await ctx.request({
        method: 'POST',
        url: `/api/admin/integrations/${id}/revoke`,
        token: await ctx.adminToken(),
      });
      expect(revoke.json()).toMatchObject({ status: 'revoked' });
      const after = await ctx.request({ method: 'GET', url: `/api/embed/${key}/products`, headers: { origin: BLOG } });
      expect(after.statusCode).toBe(403);
      expect(after.json()).toMatchObject({ code: 'key_revoked' });
      expect(after.headers['access-control-allow-origin']).toBe(BLOG);

      const expired = await createKey(ctx, { expires_at: new Date(Date.now() - 1000).toISOString() });
      const late = await ctx.request({
        method: 'GET',
        url: `/api/embed/${expired.key}/products`,
        headers: { origin: BLOG },
      });
      expect(late.json()).toMatchObject({ code: 'key_expired' });
    });

    it('answers what the schemas say, though it sends JSON text written ahead (sendJsonText)', async () => {
      // As the catalogue's routes (catalog.test.ts): text from the database or the page cache is sent past
      // the response schema, so each answer must be exactly what its schema makes of it, cached or not.
      const ctx = get();
      const { key } = await createKey(ctx);
      const first = (await ctx.request({ method: 'GET', url: '/api/products?page_size=1' })).json().data[0];
      const cases: { url: string; schema: z.ZodType }[] = [
        { url: `/api/embed/${key}/products?limit=3`, schema: embedProductsResponseSchema },
        { url: `/api/embed/${key}/products?search=black%20cotton&limit=3`, schema: embedProductsResponseSchema },
        { url: `/api/embed/${key}/products/${first.id}`, schema: productDetailSchema },
      ];
      for (const { url, schema } of cases) {
        for (const round of ['miss', 'hit']) {
          const res = await ctx.request({ method: 'GET', url, headers: { origin: BLOG } });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const body = res.json();
          expect({ url, round, body: schema.parse(body) }).toEqual({ url, round, body });
        }
      }
    });

    it("a key limited to a category shows only that category's products", async () => {
      const ctx = get();
      const all = (await ctx.request({ method: 'GET', url: '/api/products?page_size=100' })).json().data as {
        category: string;
      }[];
      const category = all[0]!.category;
      const { key } = await createKey(ctx, { category });
      const list = await ctx.request({
        method: 'GET',
        url: `/api/embed/${key}/products?category=nothing&limit=48`,
        headers: { origin: BLOG },
      });
      expect(list.statusCode).toBe(200);
      const cards = list.json().data as { id: number; category: string }[];
      expect(cards.length).toBeGreaterThan(0);
      expect(new Set(cards.map((c) => c.category))).toEqual(new Set([category]));
      const outside = (await ctx.request({ method: 'GET', url: '/api/products?page_size=100' }))
        .json()
        .data.find((c: { category: string }) => c.category !== category);
      const detail = await ctx.request({
        method: 'GET',
        url: `/api/embed/${key}/products/${outside.id}`,
        headers: { origin: BLOG },
      });
      expect(detail.statusCode).toBe(404);
    });

    it('a hand-off puts the variant in the cart and the order records the key, counted in its stats', async () => {
      const ctx = get();
      const { id, key } = await createKey(ctx);
      const item = await ownProduct(ctx, 5, { price: '30.00' });
      await ctx.request({
        method: 'GET',
        url: `/api/embed/${key}/products/${item.productId}`,
        headers: { origin: BLOG },
      });
      const handoff = await ctx.request({
        method: 'POST',
        url: `/api/embed/${key}/handoffs`,
        headers: { origin: BLOG },
        payload: { product_id: item.productId },
      });
      expect(handoff.statusCode).toBe(201);
      expect(handoff.json()).toMatchObject({ variant_id: item.variantId, price: '30.00', currency: 'USD' });
      expect(handoff.json().url).toBe(`http://localhost:3000/handoff/${handoff.json().id}`);

      const shopper = await ctx.newUser();
      const anonymous = await ctx.request({ method: 'POST', url: `/api/users/me/handoffs/${handoff.json().id}` });
      expect(anonymous.statusCode).toBe(401);
      const redeemed = await ctx.request({
        method: 'POST',
        url: `/api/users/me/handoffs/${handoff.json().id}`,
        token: shopper.access,
      });
      expect(redeemed.statusCode).toBe(200);
      expect(redeemed.json()).toEqual({ product_id: item.productId, variant_id: item.variantId, name: item.name });
      // Once: the same shopper again is answered the same (the cart keeps one), another shopper a 409.
      await ctx.request({ method: 'POST', url: `/api/users/me/handoffs/${handoff.json().id}`, token: shopper.access });
      const other = await ctx.newUser();
      const stolen = await ctx.request({
        method: 'POST',
        url: `/api/users/me/handoffs/${handoff.json().id}`,
        token: other.access,
      });
      expect(stolen.statusCode).toBe(409);
      const { cart } = (await ctx.request({ method: 'GET', url: '/api/users/me', token: shopper.access })).json();
      expect(cart.cart_items).toEqual([expect.objectContaining({ quantity: 1 })]);

      const order = await ctx.request({
        method: 'POST',
        url: '/api/users/me/orders',
        token: shopper.access,
        payload: CHECKOUT,
      });
      expect(order.statusCode).toBe(201);
      expect(await statsOf(ctx, id)).toMatchObject({
        stats: { views: 1, add_to_carts: 1, orders: 1, revenue: order.json().total },
      });
    });
  },
  { embedKeyCacheSeconds: 0 },
);

describeEachDatabase(
  'integrator keys, cached',
  (get) => {
    it("a revoke made by another process is seen once the key's cache period is over", async () => {
      const ctx = get();
      const { id, key } = await createKey(ctx);
      const url = `/api/embed/${key}/products?limit=1`;
      expect((await ctx.request({ method: 'GET', url, headers: { origin: BLOG } })).statusCode).toBe(200);
      // As another API process would: straight in the database, this process's cache untouched.
      const { integrationKeys } = await import('../../db/schema');
      const { eq } = await import('drizzle-orm');
      await ctx.app.db.update(integrationKeys).set({ revokedAt: new Date() }).where(eq(integrationKeys.id, id));
      expect((await ctx.request({ method: 'GET', url, headers: { origin: BLOG } })).statusCode).toBe(200);
      // One cache period later (the clock moved, no waiting): refused.
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 1001);
      try {
        expect((await ctx.request({ method: 'GET', url, headers: { origin: BLOG } })).statusCode).toBe(403);
      } finally {
        clock.mockRestore();
      }
    });
  },
  { embedKeyCacheSeconds: 1 },
);
