import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type ExecRows } from '../db/client';
import { searchWords } from '../modules/search/words';

/** The filters and orders the reference evaluation below knows, as a query string adds them. */
export interface Filters {
  category?: string;
  min_price?: number;
  max_price?: number;
  on_sale?: boolean;
  in_stock?: boolean;
  featured?: boolean;
  exclude?: number;
  sort?: 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'name';
}

export const FILTER_CASES: Filters[] = [
  {},
  { min_price: 20, max_price: 60 },
  { min_price: 20.5, max_price: 60.49 },
  { min_price: 45 },
  { max_price: 39.99, sort: 'price_desc' },
  { category: 'Tops' },
  { in_stock: true, sort: 'price_asc' },
  { on_sale: true },
  { featured: true },
  { sort: 'newest' },
  { sort: 'name' },
  { sort: 'price_asc', category: 'Dresses', max_price: 200 },
  { min_price: 10, max_price: 80 },
  { min_price: 12.5, max_price: 79.99, in_stock: true, sort: 'price_desc' },
  { min_price: 30, max_price: 39.99, category: 'Tops' },
];

/**
 * What a search's page is by definition, evaluated from product_search alone (no lists): per product
 * and word, the best weight of the word's catalogue words in its document (3 A, 2 B, 1 other); the
 * products having every word that pass the filters, or failing that some; ranked by the sum of 100 plus
 * that weight per word they have, then newest id; or in the order asked.
 */
export async function reference(app: FastifyInstance, term: string, f: Filters, page: number, size: number) {
  const groups = rowsOf(
    (await app.db.execute(
      sql`SELECT n, terms FROM search.word_terms(ARRAY[${sql.join(
        searchWords(term).map((w) => sql`${w}`),
        sql`, `,
      )}]::text[], false)`,
    )) as unknown as ExecRows<{ n: number; terms: string[] }>,
  );
  const pairs = groups.flatMap((g, i) => g.terms.map((t) => sql`(${i + 1}, ${t})`));
  if (pairs.length === 0) return { match: 'none', total: 0, ids: [] as number[] };
  const cents = (n: number | undefined) => (n === undefined ? null : Math.round(n * 100));
  const order = {
    relevance: sql`p.score DESC, s.product_id DESC`,
    newest: sql`s.created_at DESC, s.product_id DESC`,
    price_asc: sql`s.min_price_cents, s.product_id`,
    price_desc: sql`s.min_price_cents DESC, s.product_id DESC`,
    name: sql`s.name, s.product_id`,
  }[f.sort ?? 'relevance'];
  const rows = rowsOf(
    (await app.db.execute(sql`
    WITH g(n, term) AS (VALUES ${sql.join(pairs, sql`, `)}),
    best AS (
      SELECT s.product_id, g.n, max(CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END) AS w
      FROM product_search s, unnest(s.document) AS l, g WHERE s.published AND l.lexeme = g.term GROUP BY 1, 2
    ), p AS (SELECT product_id, count(*) AS hits, sum(100 + w) AS score FROM best GROUP BY product_id),
    passing AS (
      SELECT s.*, p.hits, p.score FROM p JOIN product_search s USING (product_id)
      WHERE (${f.category ?? null}::text IS NULL
          OR s.category_id = (SELECT c.id FROM categories c WHERE lower(c.name) = lower(${f.category ?? null}::text)))
        AND s.min_price_cents >= coalesce(${cents(f.min_price)}::int, 0)
        AND s.min_price_cents <= coalesce(${cents(f.max_price)}::int, 2147483647)
        AND (NOT ${!!f.on_sale}::boolean OR s.on_sale) AND (NOT ${!!f.in_stock}::boolean OR s.in_stock)
        AND (NOT ${!!f.featured}::boolean OR s.featured) AND s.product_id <> coalesce(${f.exclude ?? null}::int, 0)
    ), chosen AS (
      SELECT *, CASE WHEN EXISTS (SELECT 1 FROM passing WHERE hits = ${groups.length}) THEN 'all' ELSE 'some' END AS match
      FROM passing WHERE hits = ${groups.length}
        OR (${groups.length > 1} AND NOT EXISTS (SELECT 1 FROM passing WHERE hits = ${groups.length}))
    )
    SELECT s.match, count(*) OVER ()::int AS total, s.product_id AS id
    FROM chosen s JOIN p USING (product_id) ORDER BY ${order}`)) as unknown as ExecRows<{
      match: string;
      total: number;
      id: number;
    }>,
  );
  return {
    match: rows[0]?.match ?? 'none',
    total: rows[0]?.total ?? 0,
    ids: rows.slice((page - 1) * size, page * size).map((r) => r.id),
  };
}

/** The query string of the filters. */
export const query = (f: Filters) =>
  Object.entries(f)
    .map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`)
    .join('');
