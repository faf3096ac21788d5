import { productListQuerySchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '.';
import { seedBulkProducts } from './bulk';
import { listProducts, recomputeProductPrices } from '../modules/catalog/service';

describe('SEED_PRODUCTS bulk catalogue (PGlite)', () => {
  it('grows the demo catalogue to the target with consistent list columns and search documents', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await seedIfEmpty(database.db, 'demo');
      const summary = await seedBulkProducts(database.db, 2000);
      expect(summary.products).toBe(1850);
      const db = database.db;
      const read = async () =>
        (
          (await db.execute(sql`
            SELECT (SELECT count(*) FROM products)::int AS products,
              (SELECT count(*) FROM product_search)::int AS documents,
              (SELECT count(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id))::int AS bare,
              (SELECT json_agg(json_build_array(id, min_price_cents, regular_min_price_cents, on_sale, in_stock, price_varies) ORDER BY id)
                 FROM products) AS columns`)) as unknown as {
            rows: { products: number; documents: number; bare: number; columns: unknown }[];
          }
        ).rows[0]!;
      const before = await read();
      expect(before).toMatchObject({ products: 2000, documents: 2000, bare: 0 });
      // The prices written by the generator are those the variants give.
      await recomputeProductPrices(db);
      expect((await read()).columns).toEqual(before.columns);
      // Generated products are found by the shop search like the demo ones.
      const found = await listProducts(db, productListQuerySchema.parse({ search: 'snekers', page_size: 5 }));
      expect(found.search?.match).toBe('all');
      expect(found.data.length).toBe(5);
      expect(found.meta.total).toBeGreaterThan(20);
      // Idempotent: a second call adds nothing.
      expect((await seedBulkProducts(db, 2000)).products).toBe(0);
    } finally {
      await database.close();
    }
  });
});
