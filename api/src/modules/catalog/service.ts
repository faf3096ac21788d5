import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type {
  CategoriesResponse,
  ProductAttribute,
  ProductCard,
  ProductDetail,
  ProductListResponse,
  ProductSort,
  ProductSummary,
  Variant,
} from '@store/contracts';
import { queryRows, rowsOf, type Db, type DbOrTx, type ExecRows } from '../../db/client';
import { categories, productImages, products, variants } from '../../db/schema';
import type { Cache } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import { jsonText, type JsonText } from '../../lib/jsonText';
import { categoryImage, coverImage, iso, money, photoOf, photoUrl, productImage } from '../../lib/format';
import { searchProductsJson } from '../search/service';
import { searchWords } from '../search/words';
import { cardsJson } from './cards';
import { capMeta, countCap, type ListQuery } from './paging';

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

export function toCard(p: ProductRow, category: string, priceVaries = false): ProductCard {
  return {
    ...toSummary(p, category),
    slug: p.slug,
    image: coverImage(p),
    photo: p.coverImage ? photoOf(p.id, p.coverImage) : null,
    min_price: money(p.minPriceCents),
    regular_min_price: money(p.regularMinPriceCents),
    price_varies: priceVaries,
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

/**
 * `stems`: the product's uploaded images in order (file stems); when not loaded, the cover alone
 * stands for them. Without uploads the product shows its generated art.
 */
export function toDetail(p: ProductRow, category: string, rows: VariantRow[], stems?: string[]): ProductDetail {
  const uploaded = stems ?? (p.coverImage ? [p.coverImage] : []);
  const unitPrices = new Set(rows.map((v) => (v.salePriceCents > 0 ? v.salePriceCents : v.regularPriceCents)));
  return {
    ...toCard(p, category, unitPrices.size > 1),
    description: p.description,
    images: uploaded.length
      ? uploaded.map((stem) => photoUrl(p.id, stem, 1200))
      : Array.from({ length: Math.max(1, p.imageCount) }, (_, i) => productImage(p.id, i + 1)),
    photos: uploaded.map((stem) => photoOf(p.id, stem)),
    attributes: attributesOf(rows),
    variants: rows.map(toVariant),
  };
}

/** Keeps the list columns (min price, on sale, in stock) in step with the variants. */
export async function recomputeProductPrices(db: DbOrTx, productIds?: number[]): Promise<void> {
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
      in_stock = s.in_stock,
      price_varies = s.min_price <> s.max_price
    FROM (
      SELECT product_id,
        min(CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE regular_price_cents END) AS min_price,
        max(CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE regular_price_cents END) AS max_price,
        min(regular_price_cents) AS regular_min,
        bool_or(sale_price_cents > 0 AND sale_price_cents < regular_price_cents) AS on_sale,
        bool_or(stock > 0) AS in_stock
      FROM variants ${filter}
      GROUP BY product_id
    ) s
    WHERE p.id = s.product_id`);
  // The search documents follow the same changes (names, categories, attribute values).
  await db.execute(
    productIds
      ? sql`SELECT search.refresh(ARRAY[${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[])`
      : sql`SELECT search.refresh(NULL)`,
  );
}

/**
 * The filters of a list, with `sql.placeholder`s where the request's values go (see
 * filterValues): the statement's text depends only on which filters are set (filterShape).
 */
function listFilters(q: ListQuery): SQL[] {
  const t = products;
  const conditions: SQL[] = [eq(t.published, true)];
  if (q.category && q.category.toLowerCase() !== 'all') {
    conditions.push(
      sql`${t.categoryId} = (SELECT ${categories.id} FROM ${categories} WHERE lower(${categories.name}) = ${sql.placeholder('category')})`,
    );
  }
  if (q.min_price !== undefined) conditions.push(gte(t.minPriceCents, sql.placeholder('min_price')));
  if (q.max_price !== undefined) conditions.push(lte(t.minPriceCents, sql.placeholder('max_price')));
  // A false flag means "no filter", so an unticked box never hides products.
  if (q.on_sale) conditions.push(eq(t.onSale, true));
  if (q.in_stock) conditions.push(eq(t.inStock, true));
  if (q.featured) conditions.push(eq(t.featured, true));
  if (q.exclude) conditions.push(ne(t.id, sql.placeholder('exclude')));
  return conditions;
}

/** Which filters listFilters writes: with the sort, it names the statement (queryRows). */
function filterShape(q: ListQuery): string {
  return [
    q.category && q.category.toLowerCase() !== 'all',
    q.min_price !== undefined,
    q.max_price !== undefined,
    q.on_sale,
    q.in_stock,
    q.featured,
    !!q.exclude,
  ]
    .map((set) => (set ? '1' : '0'))
    .join('');
}

/** The values of listFilters' placeholders. */
function filterValues(q: ListQuery): Record<string, unknown> {
  return {
    category: q.category?.toLowerCase(),
    min_price: q.min_price === undefined ? undefined : Math.round(q.min_price * 100),
    max_price: q.max_price === undefined ? undefined : Math.round(q.max_price * 100),
    exclude: q.exclude,
  };
}

function listOrder(sort: ProductSort): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(products.minPriceCents), asc(products.id)];
    case 'price_desc':
      return [desc(products.minPriceCents), desc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

async function listPageJson(db: Db, q: ListQuery, sort: ProductSort): Promise<JsonText<ProductListResponse>> {
  const offset = (q.page - 1) * q.page_size;
  const cap = countCap(q);
  // Counting stops past the cap; unordered, so it runs on whichever index covers the filters.
  // A price range's best plan depends on how many products it holds: planned each time (see queryRows).
  const prepare = q.min_price === undefined && q.max_price === undefined;
  const build = () => {
    const where = and(...listFilters(q));
    return sql`
      SELECT (SELECT count(*) FROM (SELECT 1 FROM ${products} WHERE ${where} LIMIT ${sql.placeholder('cap')}) AS capped)::int AS total,
        (SELECT ${cardsJson()} FROM (
          SELECT ${products.card} FROM ${products}
          WHERE ${where} ORDER BY ${sql.join(listOrder(sort), sql`, `)}
          LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
        ) AS ${products}) AS data`;
  };
  const [row] = await queryRows<{ total: number; data: string }>(
    db,
    `list:${sort}:${filterShape(q)}`,
    build,
    { ...filterValues(q), cap: cap + 1, limit: q.page_size, offset },
    { prepare },
  );
  return jsonText(`{"data":${row?.data ?? '[]'},"meta":${JSON.stringify(capMeta(q, Number(row?.total ?? 0), cap))}}`);
}

/**
 * The list (or search: search/service.ts) page as JSON text, ready to cache and send. `catalogVersion`:
 * the catalogue version the page cache read (see wordGroups).
 */
export async function listProductsJson(
  db: Db,
  q: ListQuery,
  catalogVersion?: string,
): Promise<JsonText<ProductListResponse>> {
  const words = q.search ? searchWords(q.search) : [];
  if (words.length > 0) return searchProductsJson(db, q, words, catalogVersion);
  const sort = q.sort && q.sort !== 'relevance' ? q.sort : 'newest';
  return listPageJson(db, q, sort);
}

export async function listProducts(db: Db, q: ListQuery): Promise<ProductListResponse> {
  return JSON.parse(await listProductsJson(db, q)) as ProductListResponse;
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
  const stems = row.product.coverImage
    ? (
        await db
          .select({ stem: productImages.stem })
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.position), asc(productImages.id))
      ).map((r) => r.stem)
    : [];
  return { row, variants: rows, detail: toDetail(row.product, row.category, rows, stems) };
}

/** Cards for a set of product ids (a list's, see cardsJson). */
export async function cardsByIds(db: Db, ids: number[]): Promise<Map<number, ProductCard>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf(
    (await db.execute(sql`
      SELECT ${products.card} AS card FROM ${products} WHERE ${inArray(products.id, ids)}`)) as unknown as ExecRows<{
      card: string;
    }>,
  );
  return new Map(
    rows.map((r) => {
      const card = JSON.parse(r.card) as ProductCard;
      return [card.id, card];
    }),
  );
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
export async function categoriesJson(db: Db, cache: Cache): Promise<JsonText<CategoriesResponse>> {
  const cached = await cache.get(CATEGORIES_CACHE_KEY);
  if (cached) return jsonText(cached);
  const json = jsonText<CategoriesResponse>(JSON.stringify(await loadCategories(db)));
  await cache.set(CATEGORIES_CACHE_KEY, json, CATEGORIES_TTL_SECONDS);
  return json;
}

// Public catalogue answers (lists, details) are cached as JSON under the catalogue's version: any
// change to products, variants, stock or categories bumps the version, so no stale page survives it.
const VERSION_KEY = 'catalog:version';
const PAGE_TTL_SECONDS = 60;

/** `load` is given the catalogue version the answer is cached under. */
export async function cachedCatalogJson<T>(
  cache: Cache,
  key: string,
  load: (catalogVersion: string) => Promise<T>,
): Promise<JsonText<T>> {
  return cachedCatalogText(cache, key, async (catalogVersion) =>
    jsonText<T>(JSON.stringify(await load(catalogVersion))),
  );
}

/** The same for an answer the database already wrote as JSON text (lists and searches). */
export async function cachedCatalogText<T>(
  cache: Cache,
  key: string,
  load: (catalogVersion: string) => Promise<JsonText<T>>,
): Promise<JsonText<T>> {
  const version = (await cache.get(VERSION_KEY)) ?? '0';
  const fullKey = `catalog:${version}:${key}`;
  const hit = await cache.get(fullKey);
  if (hit) return jsonText<T>(hit);
  const json = await load(version);
  await cache.set(fullKey, json, PAGE_TTL_SECONDS);
  return json;
}

/** Call after any change to products, variants, stock or categories. */
export async function invalidateCatalog(cache: Cache): Promise<void> {
  await cache.set(VERSION_KEY, `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, 7 * 24 * 3600);
  await cache.del(CATEGORIES_CACHE_KEY);
}
export const invalidateCategories = invalidateCatalog;
