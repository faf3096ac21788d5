import { count, sql } from 'drizzle-orm';
import { rowsOf, type Db, type ExecRows } from '../db/client';
import { categories, products } from '../db/schema';
import { ADJECTIVES, CATEGORIES } from './catalog-data';

/**
 * Grows the catalogue to `target` products for load tests (SEED_PRODUCTS=100000): names, variants
 * and prices drawn from the demo vocabulary, generated inside the database with generate_series so
 * 100,000 products with their variants take seconds, not a round trip each. Deterministic: the same
 * target gives the same catalogue.
 */
export async function seedBulkProducts(db: Db, target: number): Promise<{ products: number; ms: number }> {
  const started = Date.now();
  const [existing] = await db.select({ n: count() }).from(products);
  const missing = target - (existing?.n ?? 0);
  if (missing <= 0) return { products: 0, ms: 0 };
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const vocabulary = rows.flatMap((row) => {
    const c = CATEGORIES.find((seed) => seed.name === row.name);
    return c
      ? [
          {
            id: row.id,
            name: c.name,
            materials: c.materials,
            nouns: c.nouns,
            colours: c.colours,
            sizes: c.sizes ?? [],
            low: c.price[0],
            high: c.price[1],
            feature: c.features[0],
          },
        ]
      : [];
  });
  if (vocabulary.length === 0) return { products: 0, ms: 0 };
  const json = JSON.stringify(vocabulary);
  const adjectives = JSON.stringify(ADJECTIVES);

  // Products: round-robin over the categories, words picked by multiplying the row number by primes.
  // The list columns (min price, sale, stock) are written here from the same formulas the variants
  // use below, so no second pass rewrites 100,000 rows.
  await db.execute(sql`
    WITH cfg AS (
      SELECT e.value AS c, (e.ordinality - 1)::int AS k, jsonb_array_length(${json}::jsonb) AS ncat
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e
    ), adj AS (SELECT ${adjectives}::jsonb AS a)
    INSERT INTO products (name, slug, description, category_id, type, published, featured, subscribers, rating,
      review_count, hue, image_count, created_by, last_modified_by, created_at, last_modified_at,
      min_price_cents, regular_min_price_cents, on_sale, in_stock, price_varies)
    SELECT w.name, 'bulk-' || g.n, w.name || ' from our ' || lower(cfg.c->>'name') || ' collection, '
        || (cfg.c->>'feature') || '.',
      (cfg.c->>'id')::int, 'VARIABLE', g.n % 37 <> 0, g.n % 29 = 0, (g.n * 7) % 400, 3.4 + ((g.n * 13) % 17) / 10.0,
      (g.n * 11) % 260, (g.n * 37) % 360, 2 + g.n % 3, 'admin@example.com', 'admin@example.com',
      timestamptz '2025-01-01' + make_interval(mins => g.n), timestamptz '2025-01-01' + make_interval(mins => g.n),
      CASE WHEN g.n % 4 = 0 THEN b.base - b.base / 5 ELSE b.base END, b.base, g.n % 4 = 0, g.n % 11 <> 0,
      v.count > 1
    FROM generate_series(1, ${missing}::int) AS g(n)
    JOIN cfg ON cfg.k = g.n % cfg.ncat
    CROSS JOIN adj
    CROSS JOIN LATERAL (SELECT
      (adj.a->>((g.n * 7) % jsonb_array_length(adj.a))) || ' '
      || (cfg.c->'materials'->>((g.n * 13) % jsonb_array_length(cfg.c->'materials'))) || ' '
      || (cfg.c->'nouns'->>((g.n * 31) % jsonb_array_length(cfg.c->'nouns'))) AS name) w
    CROSS JOIN LATERAL (SELECT
      (((cfg.c->>'low')::int + (g.n * 97) % ((cfg.c->>'high')::int - (cfg.c->>'low')::int + 1)) / 100) * 100 - 1
      AS base) b
    -- How many variants the next statement gives the product (colours times sizes): each costs more
    -- than the one before, so more than one means its price varies.
    CROSS JOIN LATERAL (SELECT
      least(1 + g.n % 2, jsonb_array_length(cfg.c->'colours'))
      * greatest(1, (1 + g.n % 3 <= jsonb_array_length(cfg.c->'sizes'))::int + (2 + g.n % 3 <= jsonb_array_length(cfg.c->'sizes'))::int)
      AS count) v`);

  // Variants: one or two colours, times two sizes where the category has sizes; each further
  // variant costs 5.00 more than the first (the product's base price).
  await db.execute(sql`
    WITH cfg AS (
      SELECT (e.value->>'id')::int AS category_id, e.value AS c FROM jsonb_array_elements(${json}::jsonb) AS e
    ), bulk AS (
      SELECT p.id, p.category_id, p.regular_min_price_cents AS base, split_part(p.slug, '-', 2)::int AS n
      FROM products p WHERE p.slug LIKE 'bulk-%'
    )
    INSERT INTO variants (product_id, sku, regular_price_cents, sale_price_cents, stock, attributes, position)
    SELECT p.id, 'BULK-' || p.n || '-' || v.pos, v.price, CASE WHEN p.n % 4 = 0 THEN v.price - v.price / 5 ELSE 0 END,
      CASE WHEN p.n % 11 = 0 THEN 0 ELSE 3 + (p.n * v.pos) % 117 END, v.attrs, v.pos
    FROM bulk p
    JOIN cfg ON cfg.category_id = p.category_id
    CROSS JOIN LATERAL (
      SELECT x.pos, x.attrs, p.base + (x.pos - 1) * 500 AS price
      FROM (
        SELECT (row_number() OVER ())::int AS pos,
          jsonb_build_object('colour', col.value) || COALESCE(jsonb_build_object('size', sz.value), '{}') AS attrs
        FROM jsonb_array_elements_text(cfg.c->'colours') WITH ORDINALITY AS col(value, i)
        LEFT JOIN LATERAL (
          SELECT s.value FROM jsonb_array_elements_text(cfg.c->'sizes') WITH ORDINALITY AS s(value, i)
          WHERE s.i IN (1 + p.n % 3, 2 + p.n % 3)
        ) sz ON true
        WHERE col.i <= 1 + p.n % 2
      ) x
    ) v`);

  // Search documents and lists for everything (search.refresh(NULL) builds the lists at once, not row by
  // row), with product_search's indexes built once at the end (bulk-load practice: one sorted build
  // instead of 100,000 insertions), as the migrations define them.
  const indexes = rowsOf(
    (await db.execute(sql`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'product_search'
        AND indexname NOT LIKE '%_pkey'`)) as unknown as ExecRows<{ name: string; definition: string }>,
  );
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`));
  await db.execute(sql`SELECT search.refresh(NULL)`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  // Fresh statistics and visibility map: the planner and index-only counts see the new rows at once.
  await db.execute(sql`VACUUM ANALYZE`);
  return { products: missing, ms: Date.now() - started };
}
