import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CategoriesResponse,
  ProductAttribute,
  ProductCard,
  ProductDetail,
  ProductListResponse,
  ProductSummary,
  Variant,
} from '@store/contracts';
import type { productListQuerySchema } from '@store/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, products, variants } from '../../db/schema';
import type { Cache } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import { categoryImage, iso, likePattern, money, pageMeta, productImage } from '../../lib/format';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

export function toSummary(p: ProductRow, category: string): ProductSummary {
  return {
    id: p.id,
    name: p.name,
    category,
    type: p.type,
    published: p.published,
    subscribers: p.subscribers,
    created_by: p.createdBy,
    last_modified_by: p.lastModifiedBy,
    created_at: iso(p.createdAt),
    last_modified_at: iso(p.lastModifiedAt),
  };
}

export function toCard(p: ProductRow, category: string): ProductCard {
  return {
    ...toSummary(p, category),
    slug: p.slug,
    image: productImage(p.id, 1),
    min_price: money(p.minPriceCents),
    regular_min_price: money(p.regularMinPriceCents),
    on_sale: p.onSale,
    in_stock: p.inStock,
    featured: p.featured,
    rating: Math.round(p.rating * 10) / 10,
    review_count: p.reviewCount,
  };
}

export function toVariant(v: VariantRow): Variant {
  return {
    id: v.id,
    sku: v.sku,
    sale_price: money(v.salePriceCents),
    regular_price: money(v.regularPriceCents),
    stock: v.stock,
    attributes: v.attributes,
  };
}

/** The attributes a product's variants use, in first-seen order, with their values. */
export function attributesOf(rows: VariantRow[]): ProductAttribute[] {
  const map = new Map<string, string[]>();
  for (const v of rows) {
    for (const [name, value] of Object.entries(v.attributes)) {
      const values = map.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      map.set(name, values);
    }
  }
  return [...map].map(([name, values]) => ({ name, values }));
}

export function toDetail(p: ProductRow, category: string, rows: VariantRow[]): ProductDetail {
  return {
    ...toCard(p, category),
    description: p.description,
    images: Array.from({ length: Math.max(1, p.imageCount) }, (_, i) => productImage(p.id, i + 1)),
    attributes: attributesOf(rows),
    variants: rows.map(toVariant),
  };
}

/** Keeps the list columns (min price, on sale, in stock) in step with the variants. */
export async function recomputeProductPrices(db: Db, productIds?: number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const filter = productIds
    ? sql`WHERE product_id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    UPDATE products p SET
      min_price_cents = s.min_price,
      regular_min_price_cents = s.regular_min,
      on_sale = s.on_sale,
      in_stock = s.in_stock
    FROM (
      SELECT product_id,
        min(CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE regular_price_cents END) AS min_price,
        min(regular_price_cents) AS regular_min,
        bool_or(sale_price_cents > 0 AND sale_price_cents < regular_price_cents) AS on_sale,
        bool_or(stock > 0) AS in_stock
      FROM variants ${filter}
      GROUP BY product_id
    ) s
    WHERE p.id = s.product_id`);
}

type ListQuery = z.output<typeof productListQuerySchema>;

export async function listProducts(db: Db, q: ListQuery): Promise<ProductListResponse> {
  const conditions: SQL[] = [eq(products.published, true)];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(categories.name, pattern))!,
    );
  }
  if (q.category && q.category.toLowerCase() !== 'all') {
    conditions.push(sql`lower(${categories.name}) = ${q.category.toLowerCase()}`);
  }
  if (q.min_price !== undefined) conditions.push(gte(products.minPriceCents, Math.round(q.min_price * 100)));
  if (q.max_price !== undefined) conditions.push(lte(products.minPriceCents, Math.round(q.max_price * 100)));
  // A false flag means "no filter", so an unticked box never hides products.
  if (q.on_sale) conditions.push(eq(products.onSale, true));
  if (q.in_stock) conditions.push(eq(products.inStock, true));
  if (q.featured) conditions.push(eq(products.featured, true));
  if (q.exclude) conditions.push(ne(products.id, q.exclude));
  const where = and(...conditions);

  const order =
    q.sort === 'price_asc'
      ? [asc(products.minPriceCents), asc(products.id)]
      : q.sort === 'price_desc'
        ? [desc(products.minPriceCents), desc(products.id)]
        : q.sort === 'name'
          ? [asc(products.name), asc(products.id)]
          : [desc(products.createdAt), desc(products.id)];

  // The total rides along as a window count: one round trip for the page and its meta.
  const rows = await db
    .select({ product: products, category: categories.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the total.
    const [counted] = await db
      .select({ total: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { data: rows.map((r) => toCard(r.product, r.category)), meta: pageMeta(q.page, q.page_size, total) };
}

export async function getProductDetail(db: Db, id: number, options: { includeUnpublished?: boolean } = {}) {
  const [row] = await db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row || (!row.product.published && !options.includeUnpublished)) throw notFound('Product not found.');
  const rows = await db
    .select()
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.position), asc(variants.id));
  return { row, variants: rows, detail: toDetail(row.product, row.category, rows) };
}

/** Cards for a set of product ids, in the order given. */
export async function cardsByIds(db: Db, ids: number[]): Promise<Map<number, ProductCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.product.id, toCard(r.product, r.category)]));
}

export const CATEGORIES_CACHE_KEY = 'categories:v1';
const CATEGORIES_TTL_SECONDS = 300;

export async function loadCategories(db: Db): Promise<CategoriesResponse> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      product_count: sql<number>`count(${products.id}) filter (where ${products.published})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return { data: rows.map((r) => ({ ...r, image: categoryImage(r.id) })) };
}

/** The categories list as JSON text, from the shared cache (5 minutes) or the database. */
export async function categoriesJson(db: Db, cache: Cache): Promise<string> {
  const cached = await cache.get(CATEGORIES_CACHE_KEY);
  if (cached) return cached;
  const json = JSON.stringify(await loadCategories(db));
  await cache.set(CATEGORIES_CACHE_KEY, json, CATEGORIES_TTL_SECONDS);
  return json;
}

// Public catalogue answers (lists, details) are cached as JSON under the catalogue's version: any
// change to products, variants, stock or categories bumps the version, so no stale page survives it.
const VERSION_KEY = 'catalog:version';
const PAGE_TTL_SECONDS = 60;

export async function cachedCatalogJson(cache: Cache, key: string, load: () => Promise<unknown>): Promise<string> {
  const version = (await cache.get(VERSION_KEY)) ?? '0';
  const fullKey = `catalog:${version}:${key}`;
  const hit = await cache.get(fullKey);
  if (hit) return hit;
  const json = JSON.stringify(await load());
  await cache.set(fullKey, json, PAGE_TTL_SECONDS);
  return json;
}

/** Call after any change to products, variants, stock or categories. */
export async function invalidateCatalog(cache: Cache): Promise<void> {
  await cache.set(VERSION_KEY, `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, 7 * 24 * 3600);
  await cache.del(CATEGORIES_CACHE_KEY);
}
export const invalidateCategories = invalidateCatalog;
