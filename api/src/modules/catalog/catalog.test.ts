import {
  categoriesResponseSchema,
  productCardSchema,
  productDetailSchema,
  productListResponseSchema,
  productSuggestResponseSchema,
  toCents,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { describeEachDatabase } from '../../test/fixture';
import { invalidateCatalog } from './service';

describeEachDatabase('catalogue', (get) => {
  it('answers what the schemas say, though it sends JSON text written ahead (sendJsonText)', async () => {
    // Each route sends text the database or the page cache wrote, which Fastify does not pass through the
    // route's response schema: each answer must be exactly what the schema makes of it (no key more or
    // less, no other type), cached or not.
    const { request } = get();
    const cases: { url: string; schema: z.ZodType }[] = [
      { url: '/api/products?page_size=5', schema: productListResponseSchema },
      { url: '/api/products?page_size=3&sort=price_asc&on_sale=true', schema: productListResponseSchema },
      { url: '/api/products?search=black%20cotton&page_size=3', schema: productListResponseSchema },
      { url: '/api/products?search=blue%20dress&page_size=3', schema: productListResponseSchema },
      { url: '/api/products?search=wrp', schema: productListResponseSchema },
      { url: '/api/products/suggest?q=snek', schema: productSuggestResponseSchema },
      { url: '/api/products/categories', schema: categoriesResponseSchema },
    ];
    const first = (await request({ method: 'GET', url: '/api/products?page_size=1' })).json().data[0];
    cases.push({ url: `/api/products/${first.id}`, schema: productDetailSchema });
    for (const { url, schema } of cases) {
      for (const round of ['miss', 'hit']) {
        const res = await request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const body = res.json();
        expect({ url, round, body: schema.parse(body) }).toEqual({ url, round, body });
      }
    }
  });

  it('lists published products with pagination meta and decimal-string prices', async () => {
    const res = await get().request({ method: 'GET', url: '/api/products?page_size=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(5);
    expect(body.meta).toMatchObject({ page: 1, page_size: 5 });
    expect(body.meta.total_pages).toBe(Math.ceil(body.meta.total / 5));
    for (const p of body.data) {
      expect(p.published).toBe(true);
      expect(p.min_price).toMatch(/^\d+\.\d{2}$/);
      expect(p.image).toBe(`/api/media/products/${p.id}/1.svg`);
    }
    const page2 = (await get().request({ method: 'GET', url: '/api/products?page_size=5&page=2' })).json();
    expect(page2.data.map((p: { id: number }) => p.id)).not.toEqual(body.data.map((p: { id: number }) => p.id));
    const past = (await get().request({ method: 'GET', url: '/api/products?page_size=5&page=999' })).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(body.meta.total);
  });

  it('filters by category, price, sale, stock and search, and sorts', async () => {
    const { request } = get();
    const categories = (await request({ method: 'GET', url: '/api/products/categories' })).json().data;
    expect(categories.length).toBeGreaterThanOrEqual(4);
    const cat = categories[0];
    const inCat = (
      await request({ method: 'GET', url: `/api/products?category=${encodeURIComponent(cat.name)}&page_size=100` })
    ).json();
    expect(inCat.meta.total).toBe(cat.product_count);
    expect(inCat.data.every((p: { category: string }) => p.category === cat.name)).toBe(true);

    const asc = (await request({ method: 'GET', url: '/api/products?sort=price_asc&page_size=100' })).json().data;
    const prices = asc.map((p: { min_price: string }) => toCents(p.min_price));
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const desc = (await request({ method: 'GET', url: '/api/products?sort=price_desc&page_size=100' })).json().data;
    expect(toCents(desc[0].min_price)).toBe(Math.max(...prices));
    const names = (await request({ method: 'GET', url: '/api/products?sort=name&page_size=100' }))
      .json()
      .data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const ranged = (
      await request({ method: 'GET', url: '/api/products?min_price=20&max_price=60&page_size=100' })
    ).json().data;
    expect(
      ranged.every((p: { min_price: string }) => toCents(p.min_price) >= 2000 && toCents(p.min_price) <= 6000),
    ).toBe(true);
    const sale = (await request({ method: 'GET', url: '/api/products?on_sale=true&page_size=100' })).json().data;
    expect(sale.length).toBeGreaterThan(0);
    expect(sale.every((p: { on_sale: boolean }) => p.on_sale)).toBe(true);
    const stocked = (await request({ method: 'GET', url: '/api/products?in_stock=true&page_size=100' })).json().data;
    expect(stocked.every((p: { in_stock: boolean }) => p.in_stock)).toBe(true);

    const word = asc[0].name.split(' ').pop();
    const found = (
      await request({
        method: 'GET',
        url: `/api/products?search=${encodeURIComponent(word.toLowerCase())}&page_size=100`,
      })
    ).json().data;
    expect(found.some((p: { id: number }) => p.id === asc[0].id)).toBe(true);
    const none = (await request({ method: 'GET', url: '/api/products?search=%25%25zzzz' })).json();
    expect(none.meta.total).toBe(0);

    const excluded = (await request({ method: 'GET', url: `/api/products?exclude=${asc[0].id}&page_size=100` })).json()
      .data;
    expect(excluded.some((p: { id: number }) => p.id === asc[0].id)).toBe(false);
  });

  it('answers 400 with field messages for a bad query', async () => {
    const res = await get().request({ method: 'GET', url: '/api/products?page=0&sort=cheap&page_size=1000' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['page', 'sort', 'page_size']));
  });

  it('shows one product with variants, attributes, images and stock; 404 when unknown', async () => {
    const { request } = get();
    const first = (await request({ method: 'GET', url: '/api/products?page_size=1' })).json().data[0];
    const res = await request({ method: 'GET', url: `/api/products/${first.id}` });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.variants.length).toBeGreaterThan(0);
    expect(p.attributes.map((a: { name: string }) => a.name)).toContain('colour');
    expect(p.images[0]).toBe(`/api/media/products/${p.id}/1.svg`);
    expect(typeof p.variants[0].stock).toBe('number');
    const missing = await request({ method: 'GET', url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Product not found.' });
    expect((await request({ method: 'GET', url: '/api/products/abc' })).statusCode).toBe(400);
  });

  it('serves deterministic SVG images with cache headers', async () => {
    const { request } = get();
    const first = (await request({ method: 'GET', url: '/api/products?page_size=1' })).json().data[0];
    const a = await request({ method: 'GET', url: `/api/media/products/${first.id}/1.svg` });
    const b = await request({ method: 'GET', url: `/api/media/products/${first.id}/1.svg` });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(a.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(a.body).toBe(b.body);
    expect(a.body).toMatch(/^<svg /);
    const etag = String(a.headers.etag);
    const cached = await request({
      method: 'GET',
      url: `/api/media/products/${first.id}/1.svg`,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect((await request({ method: 'GET', url: '/api/media/products/999999/1.svg' })).statusCode).toBe(404);
    const category = (await request({ method: 'GET', url: '/api/products/categories' })).json().data[0];
    const art = await request({ method: 'GET', url: category.image });
    expect(art.statusCode).toBe(200);
    // Square and without text: it crops cleanly to any tile, and the page labels it.
    expect(art.body).toMatch(/viewBox="0 0 300 300"/);
    expect(art.body).not.toMatch(/<text/);
  });

  it('reports health with the database', async () => {
    const res = await get().request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: get().driver });
    expect(res.headers['x-request-id']).toBeTruthy();
    // Security headers and CORS limited to the configured origins.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    const allowed = await get().request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const foreign = await get().request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
  it("marks a card whose variants cost differently ('From'), in lists, searches and the wishlist", async () => {
    const { request } = get();
    const token = await get().adminToken();
    const category = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data[0];
    const create = async (name: string, prices: string[]) => {
      const res = await request({
        method: 'POST',
        url: '/api/admin/products',
        token,
        payload: {
          name,
          description: 'For a test.',
          category_id: category.id,
          published: true,
          variants: prices.map((price, i) => ({
            sku: `${name}-${i}`,
            regular_price: price,
            stock: 2,
            attributes: { size: String(40 + i) },
          })),
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const varied = await create('Quokka Varied Tee', ['20.00', '25.00']);
    const same = await create('Quokka Same Tee', ['20.00', '20.00']);
    const flags = (data: { id: number; price_varies: boolean }[]) =>
      Object.fromEntries(data.filter((p) => p.id === varied || p.id === same).map((p) => [p.id, p.price_varies]));
    const expected = { [varied]: true, [same]: false };

    const newest = (await request({ method: 'GET', url: '/api/products?page_size=5' })).json();
    expect(flags(newest.data)).toEqual(expected);
    const searched = (await request({ method: 'GET', url: '/api/products?search=quokka' })).json();
    expect(flags(searched.data)).toEqual(expected);

    const shopper = await get().newUser();
    for (const id of [varied, same]) {
      const added = await request({
        method: 'POST',
        url: '/api/users/me/wishlist',
        token: shopper.access,
        payload: { product_id: id },
      });
      expect(added.statusCode).toBeLessThan(300);
    }
    const wishlist = (await request({ method: 'GET', url: '/api/users/me/wishlist', token: shopper.access })).json();
    expect(flags(wishlist.data.map((i: { product: { id: number; price_varies: boolean } }) => i.product))).toEqual(
      expected,
    );
  });

  it("says on a list's and a search's cards what the product page says", async () => {
    const { app, request } = get();
    const newest = (await request({ method: 'GET', url: '/api/products?page_size=100' })).json().data;
    const [withPhoto, halfway] = newest as { id: number; name: string }[];
    // An uploaded cover, and a rating on a rounding edge (to one decimal as JavaScript rounds it).
    await app.db.execute(sql`UPDATE products SET cover_image = '123-0a1b2c3d' WHERE id = ${withPhoto!.id}`);
    await app.db.execute(sql`UPDATE products SET rating = 4.35 WHERE id = ${halfway!.id}`);
    // A renamed category: the cards stored on its products (migration 0011) follow.
    await app.db.execute(
      sql`UPDATE categories SET name = name || ' Renamed' WHERE id = (SELECT category_id FROM products WHERE id = ${halfway!.id})`,
    );
    await invalidateCatalog(app.cache);
    try {
      const list = (await request({ method: 'GET', url: '/api/products?page_size=100' })).json().data;
      const search = (
        await request({ method: 'GET', url: `/api/products?search=${encodeURIComponent(withPhoto!.name)}` })
      ).json().data;
      const cards = [...list, ...search] as Record<string, unknown>[];
      expect(cards.find((c) => c.id === withPhoto!.id)?.photo).toEqual({
        id: 123,
        small: `/api/media/uploads/products/${withPhoto!.id}/123-0a1b2c3d-400.webp`,
        large: `/api/media/uploads/products/${withPhoto!.id}/123-0a1b2c3d-1200.webp`,
      });
      expect(cards.find((c) => c.id === halfway!.id)?.rating).toBe(Math.round(4.35 * 10) / 10);
      expect(cards.find((c) => c.id === halfway!.id)?.category).toMatch(/ Renamed$/);
      expect(cards.some((c) => c.on_sale)).toBe(true);
      expect(cards.some((c) => c.price_varies)).toBe(true);
      for (const card of cards) {
        const detail = (await request({ method: 'GET', url: `/api/products/${card.id}` })).json();
        const fromDetail = Object.fromEntries(Object.keys(card).map((key) => [key, detail[key]]));
        expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
        expect(card).toEqual(fromDetail);
      }
    } finally {
      await app.db.execute(sql`UPDATE products SET cover_image = NULL WHERE id = ${withPhoto!.id}`);
      await app.db.execute(sql`UPDATE categories SET name = left(name, -8) WHERE name LIKE '% Renamed'`);
      await invalidateCatalog(app.cache);
    }
  });
});

/** Every field of a product card (contracts' productCardSchema). */
const CARD_KEYS = Object.keys(productCardSchema.shape).sort();
