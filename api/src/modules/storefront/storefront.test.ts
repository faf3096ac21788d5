import { describeEachDatabase } from '../../test/fixture';
import { ownProduct } from '../../test/shop';
import { invalidateCatalog } from '../catalog/service';

const PUBLIC = 'https://shop.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describeEachDatabase(
  'storefront: robots.txt, the sitemap, the catalogue version',
  (get) => {
    it('robots.txt closes the personal screens and names the sitemap by the public URL', async () => {
      const res = await get().request({
        method: 'GET',
        url: '/api/storefront/robots.txt',
        headers: { host: 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      for (const path of ['/cart', '/checkout', '/account', '/wishlist', '/orders', '/admin', '/auth']) {
        expect(res.body).toContain(`Disallow: ${path}\n`);
      }
      expect(res.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
      expect(res.body).not.toContain('evil.example');
    });

    it('the index names the pages and the products files; every published product is listed with its lastmod, an unpublished one is not', async () => {
      const ctx = get();
      const shown = await ownProduct(ctx, 3);
      const hidden = await ownProduct(ctx, 3);
      const token = await ctx.adminToken();
      const off = await ctx.request({
        method: 'PATCH',
        url: `/api/admin/products/${hidden.productId}/publish`,
        token,
        payload: { published: false },
      });
      expect(off.statusCode).toBe(200);

      const index = await ctx.request({ method: 'GET', url: '/api/storefront/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/^application\/xml/);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(index.body)).toEqual([`${PUBLIC}/sitemap-pages.xml`, `${PUBLIC}/sitemap-products-1.xml`]);
      expect(index.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

      const products = await ctx.request({ method: 'GET', url: '/api/storefront/sitemap-products-1.xml' });
      expect(products.statusCode).toBe(200);
      const urls = locs(products.body);
      expect(urls).toContain(`${PUBLIC}/products/${shown.productId}`);
      expect(urls).not.toContain(`${PUBLIC}/products/${hidden.productId}`);
      const published = await ctx.request({ method: 'GET', url: '/api/products?page_size=1' });
      expect(urls).toHaveLength(published.json().meta.total);
      expect(products.body.match(/<lastmod>/g)).toHaveLength(urls.length);

      expect((await ctx.request({ method: 'GET', url: '/api/storefront/sitemap-products-2.xml' })).statusCode).toBe(
        404,
      );
      const pages = await ctx.request({ method: 'GET', url: '/api/storefront/sitemap-pages.xml' });
      expect(locs(pages.body)).toEqual(expect.arrayContaining([`${PUBLIC}/`, `${PUBLIC}/products`, `${PUBLIC}/faq`]));
      expect(locs(pages.body).some((u) => u.startsWith(`${PUBLIC}/products/category/`))).toBe(true);
    });

    it('the catalogue version changes with invalidateCatalog, the one the API caches its catalogue answers under', async () => {
      const ctx = get();
      const before = (await ctx.request({ method: 'GET', url: '/api/storefront/catalog-version' })).json().version;
      await invalidateCatalog(ctx.app.cache);
      const after = (await ctx.request({ method: 'GET', url: '/api/storefront/catalog-version' })).json().version;
      expect(after).not.toBe(before);
      // An admin's price change bumps it too.
      const product = await ownProduct(ctx, 2);
      const bumped = (await ctx.request({ method: 'GET', url: '/api/storefront/catalog-version' })).json().version;
      expect(bumped).not.toBe(after);
      expect(product.productId).toBeGreaterThan(0);
    });
  },
  { publicUrl: PUBLIC },
);
