import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  CategoriesResponse,
  ProductAttribute,
  ProductCard,
  ProductDetail,
  ProductListResponse,
  ProductSort,
  ProductSuggestResponse,
  ProductSummary,
  Variant,
} from '@store/contracts';
import type { productListQuerySchema, productSuggestQuerySchema } from '@store/contracts';
import pg from 'pg';
import type { z } from 'zod';
import { queryRows, rowsOf, type Db, type DbOrTx, type ExecRows } from '../../db/client';
import {
  categories,
  productImages,
  products,
  productSearch,
  searchLexemes,
  searchWords as wordsTable,
  variants,
} from '../../db/schema';
import type { Cache } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import { jsonText, type JsonText } from '../../lib/jsonText';
import { categoryImage, coverImage, iso, money, pageMeta, photoOf, photoUrl, productImage } from '../../lib/format';

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
      ? sql`SELECT store_refresh_product_search(ARRAY[${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[])`
      : sql`SELECT store_refresh_product_search(NULL)`,
  );
}

type ListQuery = z.output<typeof productListQuerySchema>;

/**
 * How far a list counts. A large catalogue is not counted whole on every request: the answer says
 * "at least this many" (`total_exact: false`) past the cap, always far enough for the next page.
 */
export const COUNT_CAP = 1000;

/** The words of a search: lower case, letters and digits, at most eight, each once. */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, 8);
}

/**
 * A page of product cards as JSON text: each product row carries its card as JSON text (`products.card`,
 * written by the `products_card` trigger of migration 0011 on every insert and update, and on a category
 * rename), so the database joins 24 texts and the API passes the page on as it is, with no rows to parse,
 * map and serialise. It says what `toCard` says (the detail page's card part); catalog.test.ts compares the
 * two for every product.
 */
const cardsJson = (order?: SQL) =>
  sql`coalesce('[' || string_agg(${products.card}, ','${order ? sql` ORDER BY ${order}` : sql``}) || ']', '[]')`;

/**
 * For each word, the catalogue's vocabulary words it is probably a typo of (trigram similarity,
 * best first): rows (word, n, near). A word the catalogue uses as is gets none: "shirt" must not also
 * find "skirt". `lastIsPrefix` (suggestions as the shopper types): the last word may be unfinished, so
 * it needs no correction when some catalogue word starts with it, and otherwise is compared with the
 * start of the catalogue's words ("snek" is a typo of how "sneakers" begins: word_similarity, not
 * similarity).
 */
function searchPlanSql(wordCount: number, lastIsPrefix: boolean): SQL {
  const list = sql.join(
    Array.from({ length: wordCount }, (_, i) => sql.placeholder(`w${i}`)),
    sql`, `,
  );
  const prefixAt = lastIsPrefix ? wordCount : 0;
  return sql`
    SELECT w.word, w.n,
      CASE WHEN length(w.word) < 3 THEN '{}'::text[]
      WHEN w.n = ${prefixAt} THEN
        CASE WHEN EXISTS (SELECT 1 FROM search_terms t WHERE t.term LIKE w.word || '%') THEN '{}'::text[]
        ELSE ARRAY(SELECT t.term FROM search_terms t WHERE w.word <% t.term
                   ORDER BY word_similarity(w.word, t.term) DESC, similarity(w.word, t.term) DESC, t.term LIMIT 3) END
      WHEN EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w.word) THEN '{}'::text[]
      ELSE ARRAY(SELECT t.term FROM search_terms t WHERE t.term % w.word
                 ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT 3) END AS near
    FROM unnest(ARRAY[${list}]::text[]) WITH ORDINALITY AS w(word, n)`;
}

/**
 * A page's cards (JSON text) in the order of its ids: `ids` is the FROM item that unnests them, e.g.
 * `unnest(f.ids)` (numbered by WITH ORDINALITY).
 */
const pageCards = (ids: SQL) => sql`(SELECT ${cardsJson(sql`u.k`)}
        FROM ${ids} WITH ORDINALITY AS u(id, k)
        JOIN ${products} ON ${products.id} = u.id)`;

/** The columns a list filters on: products' own, or their copies in product_search. */
type FilterColumns = Record<
  'id' | 'published' | 'categoryId' | 'minPriceCents' | 'onSale' | 'inStock' | 'featured',
  AnyColumn
>;
const productColumns: FilterColumns = {
  id: products.id,
  published: products.published,
  categoryId: products.categoryId,
  minPriceCents: products.minPriceCents,
  onSale: products.onSale,
  inStock: products.inStock,
  featured: products.featured,
};
const searchColumns: FilterColumns = {
  id: productSearch.productId,
  published: productSearch.published,
  categoryId: productSearch.categoryId,
  minPriceCents: productSearch.minPriceCents,
  onSale: productSearch.onSale,
  inStock: productSearch.inStock,
  featured: productSearch.featured,
};

/**
 * The filters of a list or search, with `sql.placeholder`s where the request's values go (see
 * filterValues): the statement's text depends only on which filters are set (filterShape).
 */
function listFilters(q: ListQuery, t = productColumns): SQL[] {
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

function capMeta(q: ListQuery, counted: number, cap: number) {
  const exact = counted <= cap;
  return { ...pageMeta(q.page, q.page_size, exact ? counted : cap), ...(exact ? {} : { total_exact: false }) };
}

/** One page of a list: its cards (JSON text) and the capped count, in one statement. */
/** How far a page counts: COUNT_CAP, or further for a page past it (always far enough for the next page). */
const countCap = (q: ListQuery) => Math.max(COUNT_CAP, (q.page - 1) * q.page_size + 2 * q.page_size);

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

const searchOrder: Record<ProductSort, SQL> = {
  relevance: sql`f.hits DESC, f.score DESC, f.id DESC`,
  newest: sql`f.created_at DESC, f.id DESC`,
  price_asc: sql`f.min_price_cents ASC, f.id ASC`,
  price_desc: sql`f.min_price_cents DESC, f.id DESC`,
  name: sql`f.name ASC, f.id ASC`,
};

interface SearchResult {
  match: 'all' | 'some' | 'none';
  total: number;
  /** The page's cards, JSON text. */
  data: string;
}

/** A search word as the catalogue's words it stands for (search_lexemes), in order. */
interface WordGroup {
  n: number;
  terms: string[];
}

/**
 * What each search word stands for: the catalogue words (search_lexemes, migration 0012) that begin with
 * its stem (as `word:*` in a tsquery) or equal a correction's. A word the dictionary drops (a stop word
 * such as "the", with no correction) has no row: it is left out, as to_tsquery leaves it out.
 */
function searchGroupsSql(wordCount: number, lastIsPrefix: boolean): SQL {
  const term = searchLexemes.term;
  return sql`
    WITH w AS (${searchPlanSql(wordCount, lastIsPrefix)})
    SELECT w.n::int AS n, ARRAY(
        SELECT ${term} FROM unnest(tsvector_to_array(to_tsvector('english'::regconfig, w.word))) AS p(stem)
        JOIN ${searchLexemes} ON ${term} ~>=~ p.stem AND ${term} ~<~ (p.stem || chr(1114111))
        UNION
        SELECT ${term} FROM ${searchLexemes}
        WHERE ${term} = ANY(tsvector_to_array(to_tsvector('english'::regconfig, array_to_string(w.near, ' '))))
        ORDER BY 1) AS terms
    FROM w
    WHERE tsvector_to_array(to_tsvector('english'::regconfig, w.word || ' ' || array_to_string(w.near, ' '))) <> '{}'
    ORDER BY w.n`;
}

/**
 * A word's matches, one row per product with its best weight there (3 name, 2 category or attribute
 * value, 1 description), from search_words' index alone. A word standing for one catalogue word reads
 * it in product order, so the words of a search meet in a merge join.
 */
function postingsSql(i: number, group: WordGroup): SQL {
  const t = wordsTable;
  return group.terms.length === 1
    ? sql`SELECT ${t.productId} AS id, ${t.weight} AS w FROM ${t}
        WHERE ${t.term} = ${sql.placeholder(`g${i}`)} AND ${t.published}`
    : sql`SELECT ${t.productId} AS id, max(${t.weight}) AS w FROM ${t}
        WHERE ${t.term} = ANY(${sql.placeholder(`g${i}`)}::text[]) AND ${t.published} GROUP BY ${t.productId}`;
}

/** The posting lists of migration 0013 exist on PostgreSQL only (not on PGlite: see the migration). */
const postingLists = (db: Db) => (db as { $client?: unknown }).$client instanceof pg.Pool;

/**
 * The page and capped count of products matching any one of `terms`, when each product matches at most
 * one search word (a one-word search, or some of two words that no product matches both of), ranked by
 * relevance with no filter but `exclude`: a product's best weight, then newest first (on PostgreSQL
 * oneWordPage and twoWordPage rank these from the posting lists instead). Read from the
 * words' index in rank order, stopping at the page: the best `offset + limit` rows of each term hold the
 * page (a product's best row is among its term's first rows unless that many better rows, each another
 * product ranked above it, come first). Counted up to `cap` + 1; exactly when a word stands for several
 * catalogue words (a product may have two of them).
 */
async function rankedMatches(
  db: Db,
  q: ListQuery,
  groups: WordGroup[],
  cap: number,
): Promise<{ total: number; data: string }> {
  const single = groups.every((g) => g.terms.length === 1);
  const t = wordsTable;
  const build = () => {
    const exclude = q.exclude ? sql` AND ${t.productId} <> ${sql.placeholder('exclude')}` : sql``;
    const terms = sql`${sql.placeholder('terms')}::text[]`;
    const counted = single
      ? sql`SELECT count(*) FROM (SELECT 1 FROM ${t} WHERE ${t.term} = ANY(${terms}) AND ${t.published}${exclude}
          LIMIT ${sql.placeholder('cap')}) AS c`
      : sql`SELECT count(DISTINCT ${t.productId}) FROM ${t} WHERE ${t.term} = ANY(${terms}) AND ${t.published}${exclude}`;
    return sql`
    WITH top AS (
      SELECT r.id, max(r.w) AS w FROM unnest(${terms}) AS x(term)
      CROSS JOIN LATERAL (
        SELECT ${t.productId} AS id, ${t.weight} AS w FROM ${t}
        WHERE ${t.term} = x.term AND ${t.published}${exclude}
        -- As search_words_rank_idx orders them (drizzle writes NULLS LAST; the columns hold no nulls).
        ORDER BY ${t.weight} DESC NULLS LAST, ${t.productId} DESC NULLS LAST LIMIT ${sql.placeholder('rows')}
      ) AS r
      GROUP BY r.id
    ),
    page AS (SELECT array_agg(x.id) AS ids FROM (
      SELECT top.id FROM top ORDER BY top.w DESC, top.id DESC
      LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}) x)
    SELECT (${counted})::int AS total,
      ${pageCards(sql`page, unnest(page.ids)`)} AS data`;
  };
  const offset = (q.page - 1) * q.page_size;
  const [row] = await queryRows<{ total: number; data: string }>(
    db,
    `search-ranked:${single}:${!!q.exclude}`,
    build,
    {
      terms: [...new Set(groups.flatMap((g) => g.terms))],
      exclude: q.exclude,
      rows: offset + q.page_size,
      limit: q.page_size,
      offset,
      cap: cap + 1,
    },
    { prepare: true },
  );
  return { total: Number(row?.total ?? 0), data: row?.data ?? '[]' };
}

/**
 * rankedMatches for one search word on PostgreSQL, from its posting lists (migration 0013) by
 * store_one_word_page (0014): the same page, counted exactly, in a statement PostgreSQL plans once.
 */
async function oneWordPage(db: Db, q: ListQuery, group: WordGroup): Promise<{ total: number; data: string }> {
  const build = () => sql`
    SELECT f.total,
      ${pageCards(sql`unnest(f.ids)`)} AS data
    FROM store_one_word_page(${sql.placeholder('g')}::text[], ${sql.placeholder('exclude')}::int,
      ${sql.placeholder('first')}::int, ${sql.placeholder('last')}::int) AS f`;
  const offset = (q.page - 1) * q.page_size;
  const [row] = await queryRows<{ total: number; data: string }>(
    db,
    'search-one',
    build,
    { g: group.terms, exclude: q.exclude ?? null, first: offset + 1, last: offset + q.page_size },
    { prepare: true },
  );
  return { total: Number(row?.total ?? 0), data: row?.data ?? '[]' };
}

/**
 * The page and exact count of the products matching both words of a two-word search, ranked as the full
 * evaluation ranks them (summed weights, then newest id first), from the posting lists of search_postings
 * (migration 0013) by store_two_word_page (migration 0014: intarray's C operators, each word's lists read
 * once where it has one weight) instead of a join of the words' search_words rows (`black boots` read
 * 68,000 "black" rows there). When no product has both and `fallback` allows, in the same call, those
 * having either, ranked as rankedMatches ranks them (match 'some').
 */
async function twoWordPage(db: Db, q: ListQuery, groups: WordGroup[], fallback: boolean): Promise<SearchResult> {
  const build = () => sql`
    SELECT f.match, f.total,
      ${pageCards(sql`unnest(f.ids)`)} AS data
    FROM store_two_word_page(${sql.placeholder('g0')}::text[], ${sql.placeholder('g1')}::text[],
      ${sql.placeholder('exclude')}::int, ${sql.placeholder('first')}::int, ${sql.placeholder('last')}::int,
      ${sql.placeholder('fallback')}::boolean) AS f`;
  const offset = (q.page - 1) * q.page_size;
  const [row] = await queryRows<SearchResult>(
    db,
    'search-two',
    build,
    {
      g0: groups[0]!.terms,
      g1: groups[1]!.terms,
      exclude: q.exclude ?? null,
      first: offset + 1,
      last: offset + q.page_size,
      fallback,
    },
    { prepare: true },
  );
  return { match: row?.match ?? 'none', total: Number(row?.total ?? 0), data: row?.data ?? '[]' };
}

/** A placeholder cast to a PostgreSQL type: `typed('g0', 'text[]')`. */
const typed = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * A search on PostgreSQL from the posting lists (migration 0013) and the facet lists (0015), in one call:
 * of one or two words with filters other than `exclude` or in another order than relevance
 * (store_facet_page), or of three to eight words whatever its filters and order (store_many_words_page).
 * Each takes the products having every word, narrows them with the facet lists (category, sale, stock,
 * featured, a price grid) and ranks or sorts them; failing that and where `fallback` allows, those having
 * some of the words. The same page, match and exact count as searchPage's join of the words' rows to
 * product_search, which PGlite keeps. A word standing for no catalogue word has an empty group.
 */
async function listsPage(
  db: Db,
  q: ListQuery,
  sort: ProductSort,
  groups: WordGroup[],
  fallback: boolean,
): Promise<SearchResult> {
  const many = groups.length > 2;
  const words = many
    ? sql`store_many_words_page(${typed('g', 'text[]')}, ${typed('gw', 'int[]')}, ${typed('words', 'int')}`
    : sql`store_facet_page(${typed('g0', 'text[]')}, ${typed('g1', 'text[]')}`;
  const build = () => sql`
    SELECT f.match, f.total,
      ${pageCards(sql`unnest(f.ids)`)} AS data
    FROM ${words}, ${typed('exclude', 'int')}, ${typed('category', 'text')}, ${typed('min_price', 'int')},
      ${typed('max_price', 'int')}, ${typed('sale', 'boolean')}, ${typed('stock', 'boolean')},
      ${typed('featured', 'boolean')}, ${typed('sort', 'text')}, ${typed('first', 'int')}, ${typed('last', 'int')},
      ${typed('fallback', 'boolean')}) AS f`;
  const offset = (q.page - 1) * q.page_size;
  const values = filterValues(q);
  const [row] = await queryRows<SearchResult>(
    db,
    many ? 'search-many' : 'search-facets',
    build,
    {
      ...(many
        ? {
            g: groups.flatMap((g) => g.terms),
            gw: groups.flatMap((g, i) => g.terms.map(() => i + 1)),
            words: groups.length,
          }
        : { g0: groups[0]!.terms, g1: groups[1]?.terms ?? null }),
      exclude: q.exclude ?? null,
      category: q.category && q.category.toLowerCase() !== 'all' ? values.category : null,
      min_price: values.min_price ?? null,
      max_price: values.max_price ?? null,
      sale: !!q.on_sale,
      stock: !!q.in_stock,
      featured: !!q.featured,
      sort,
      first: offset + 1,
      last: offset + q.page_size,
      fallback,
    },
    { prepare: true },
  );
  return { match: row?.match ?? 'none', total: Number(row?.total ?? 0), data: row?.data ?? '[]' };
}

/**
 * What the words of a search stand for (searchGroupsSql), remembered word by word for the catalogue
 * version the request read (cachedCatalogText): the catalogue's words change only with the catalogue, and
 * every change to it bumps the version. A word's catalogue words and typo corrections do not depend on the
 * other words of the search, only on whether it is the unfinished last word of a suggestion, so a new
 * phrase of words already seen needs no lookup. A page of products is still read from the database for
 * every request that misses the page cache; only this lookup (the typo plan and the words' catalogue
 * words: one of a search's two round trips, ~0.35 ms of the API's time at 100,000 products) is not
 * repeated. Per process, bounded, emptied when the version changes; without a version (a caller outside
 * the page cache) it is not used. The same memo keeps each word's closest catalogue word for 'did you
 * mean' (didYouMean), which is asked whenever a search finds nothing.
 */
const wordMemo = {
  version: '',
  /** A search word's catalogue words (wordGroups). */
  groups: new Map<string, string[] | null>(),
  /** A search word's closest catalogue word for 'did you mean' (didYouMean), null for none. */
  nearest: new Map<string, string | null>(),
};
const WORD_MEMO_MAX = 20_000;

/** The memo of this catalogue version, emptied when the version changes; none without a version. */
function wordMemoFor(catalogVersion: string | undefined) {
  if (catalogVersion === undefined) return null;
  if (wordMemo.version !== catalogVersion) {
    wordMemo.version = catalogVersion;
    wordMemo.groups.clear();
    wordMemo.nearest.clear();
  }
  return wordMemo;
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= WORD_MEMO_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

async function wordGroups(
  db: Db,
  words: string[],
  lastIsPrefix: boolean,
  catalogVersion: string | undefined,
): Promise<WordGroup[]> {
  // A word's key: `prefix:` for an unfinished last word, `word:` otherwise. The value: its catalogue
  // words, or null for a word that stands for nothing the dictionary keeps (a stop word: no group).
  const keys = words.map((w, i) => `${lastIsPrefix && i === words.length - 1 ? 'prefix' : 'word'}:${w}`);
  const memo = wordMemoFor(catalogVersion);
  const known = memo ? keys.map((k) => memo.groups.get(k)) : [];
  if (memo && known.every((terms) => terms !== undefined)) {
    return known.flatMap((terms, i) => (terms ? [{ n: i + 1, terms }] : []));
  }
  const groups = await queryRows<WordGroup>(
    db,
    `search-words:${words.length}:${lastIsPrefix}`,
    () => searchGroupsSql(words.length, lastIsPrefix),
    Object.fromEntries(words.map((w, i) => [`w${i}`, w])),
    { prepare: true },
  );
  // Stored for the version the lookup read, even if another request moved the memo on meanwhile.
  const store = wordMemoFor(catalogVersion);
  if (store) {
    const byPosition = new Map(groups.map((g) => [g.n, g.terms]));
    keys.forEach((key, i) => remember(store.groups, key, byPosition.get(i + 1) ?? null));
  }
  return groups;
}

/**
 * One page of a search. First what each word stands for (searchGroupsSql, with the typo plan); then the
 * products matching every word (for two words and the relevance order on PostgreSQL, intersected posting
 * lists: twoWordPage; otherwise a join of the words' search_words rows), ranked by their summed weights (then
 * newest id first); only when none match and `fallback` allows, those matching some words, most words
 * first; counted (up to `cap` + 1 where rankedMatches answers, exactly otherwise); then the page's cards.
 * Filters other than `exclude` and orders other than relevance, and three or more words: on PostgreSQL
 * listsPage; otherwise the join reads the matches' columns in product_search (migration 0009).
 */
async function searchPage(
  db: Db,
  q: ListQuery,
  sort: ProductSort,
  words: string[],
  options: { lastIsPrefix?: boolean; fallback: boolean; cap: number; catalogVersion?: string },
): Promise<SearchResult> {
  const offset = (q.page - 1) * q.page_size;
  const lastIsPrefix = options.lastIsPrefix ?? false;
  const groups = await wordGroups(db, words, lastIsPrefix, options.catalogVersion);
  const used = groups.filter((g) => g.terms.length > 0);
  if (used.length === 0) return { match: 'none', total: 0, data: '[]' };
  const shape = filterShape(q);
  // Only the `exclude` filter (or none) and the relevance order: the words' index alone answers.
  const columns = sort !== 'relevance' || shape.slice(0, -1).includes('1');
  // One word standing for something, ranked from the posting lists on PostgreSQL, the words' index elsewhere.
  const rankOne = () => (postingLists(db) ? oneWordPage(db, q, used[0]!) : rankedMatches(db, q, used, options.cap));
  if (!columns && groups.length === 1) {
    const found = await rankOne();
    return { match: found.total > 0 ? 'all' : 'none', ...found };
  }
  // Two words: the products having both, from the posting lists; failing that (where the search falls
  // back), some of them, in the same call. A word standing for nothing: rankedMatches ranks the other.
  if (!columns && groups.length === 2 && postingLists(db)) {
    if (used.length === 2) return twoWordPage(db, q, used, options.fallback);
    if (!options.fallback) return { match: 'none', total: 0, data: '[]' };
    const some = await rankOne();
    return { match: some.total > 0 ? 'some' : 'none', ...some };
  }
  // Filters or another order, one or two words, on PostgreSQL: the posting and facet lists.
  if (columns && groups.length <= 2 && postingLists(db)) return listsPage(db, q, sort, groups, options.fallback);
  // Three or more words on PostgreSQL: from the lists too. The join below is PGlite's.
  if (groups.length >= 3 && postingLists(db)) return listsPage(db, q, sort, groups, options.fallback);
  const rankSome = options.fallback && !columns && groups.length === 2;
  const withSome = options.fallback && groups.length > 1 && !rankSome;
  const kinds = groups.map((g) => (g.terms.length === 0 ? '0' : g.terms.length === 1 ? '1' : 'm')).join('');
  const build = () => {
    const indexed = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.terms.length > 0);
    const filtered = (matches: SQL) =>
      columns
        ? sql`SELECT x.id, x.hits, x.score, ${productSearch.createdAt} AS created_at,
            ${productSearch.minPriceCents} AS min_price_cents, ${productSearch.name} AS name
          FROM (${matches}) AS x JOIN ${productSearch} ON ${productSearch.productId} = x.id
          WHERE ${and(...listFilters(q, searchColumns))}`
        : sql`SELECT x.id, x.hits, x.score FROM (${matches}) AS x${
            q.exclude ? sql` WHERE x.id <> ${sql.placeholder('exclude')}` : sql``
          }`;
    const none = sql`SELECT 0 AS id, 0 AS hits, 0 AS score WHERE false`;
    const every =
      indexed.length === groups.length
        ? sql`SELECT g0.id, ${sql.raw(String(groups.length))} AS hits, (${sql.raw(
            indexed.map(({ i }) => `g${i}.w`).join(' + '),
          )})::int AS score
          FROM ${sql.join(
            indexed.map(({ g, i }) =>
              i === 0
                ? sql`(${postingsSql(i, g)}) AS g0`
                : sql`JOIN (${postingsSql(i, g)}) AS ${sql.raw(`g${i}`)} ON ${sql.raw(`g${i}`)}.id = g0.id`,
            ),
            sql` `,
          )}`
        : none;
    const some = withSome
      ? sql`SELECT u.id, count(*)::int AS hits, sum(u.w)::int AS score FROM (${sql.join(
          indexed.map(({ g, i }) => postingsSql(i, g)),
          sql` UNION ALL `,
        )}) AS u WHERE NOT EXISTS (SELECT 1 FROM a) GROUP BY u.id`
      : none;
    return sql`
    WITH a AS MATERIALIZED (${filtered(every)}),
    s AS MATERIALIZED (${filtered(some)}),
    f AS (SELECT * FROM a UNION ALL SELECT * FROM s),
    page AS (SELECT array_agg(x.id) AS ids FROM (
      SELECT f.id FROM f ORDER BY ${searchOrder[sort]}
      LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}) x)
    SELECT CASE WHEN EXISTS (SELECT 1 FROM a) THEN 'all' WHEN EXISTS (SELECT 1 FROM s) THEN 'some' ELSE 'none' END AS match,
      (SELECT count(*) FROM f)::int AS total,
      ${pageCards(sql`page, unnest(page.ids)`)} AS data`;
  };
  const [row] = await queryRows<SearchResult>(
    db,
    `search:${sort}:${shape}:${withSome}:${kinds}`,
    build,
    {
      ...filterValues(q),
      ...Object.fromEntries(groups.map((g, i) => [`g${i}`, g.terms.length === 1 ? g.terms[0] : g.terms])),
      limit: q.page_size,
      offset,
    },
    { prepare: true },
  );
  const found: SearchResult = { match: row?.match ?? 'none', total: Number(row?.total ?? 0), data: row?.data ?? '[]' };
  if (found.match !== 'none' || !rankSome) return found;
  const some = await rankedMatches(db, q, used, options.cap);
  return { match: some.total > 0 ? 'some' : 'none', ...some };
}

/** The list (or search) page as JSON text, ready to cache and send. */
/** `catalogVersion`: the catalogue version the page cache read (see wordGroups). */
export async function listProductsJson(
  db: Db,
  q: ListQuery,
  catalogVersion?: string,
): Promise<JsonText<ProductListResponse>> {
  const words = q.search ? searchWords(q.search) : [];
  const sort: ProductSort = q.sort ?? (words.length ? 'relevance' : 'newest');
  if (words.length === 0) return listPageJson(db, q, sort === 'relevance' ? 'newest' : sort);

  // Every word (or a typo-corrected form of it) first; failing that, products matching some of them.
  const cap = countCap(q);
  const found = await searchPage(db, q, sort, words, { fallback: true, cap, catalogVersion });
  const search =
    found.match === 'none'
      ? { match: found.match, ...(await didYouMean(db, q, words, catalogVersion)) }
      : { match: found.match };
  const meta = capMeta(q, found.total, cap);
  return jsonText(`{"data":${found.data},"meta":${JSON.stringify(meta)},"search":${JSON.stringify(search)}}`);
}

export async function listProducts(db: Db, q: ListQuery): Promise<ProductListResponse> {
  return JSON.parse(await listProductsJson(db, q)) as ProductListResponse;
}

/**
 * Suggestions under the search field as the shopper types: the products matching every word, best
 * first, the last word as an unfinished (or misspelt) beginning. No fallback to some of the words and
 * no 'did you mean': a few precise lines or none.
 */
export async function suggestProducts(
  db: Db,
  query: z.output<typeof productSuggestQuerySchema>,
  catalogVersion?: string,
): Promise<ProductSuggestResponse> {
  const words = searchWords(query.q);
  // A one-letter beginning ('blue s') would match most of a large catalogue, only to rank it all for
  // six lines: it waits for a second letter.
  if (words.length > 0 && words[words.length - 1]!.length < 2) words.pop();
  if (words.length === 0) return { data: [] };
  const page = await searchPage(db, { page: 1, page_size: query.limit }, 'relevance', words, {
    lastIsPrefix: true,
    fallback: false,
    cap: COUNT_CAP,
    catalogVersion,
  });
  const cards = JSON.parse(page.data) as ProductCard[];
  return {
    data: cards.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      image: p.image,
      min_price: p.min_price,
      price_varies: p.price_varies,
    })),
  };
}

/** A to_tsquery text requiring every word as a beginning: `(blue:*) & (dress:*)`. */
/**
 * 'Did you mean': the closest catalogue words (looser than the search's own correction), kept only if
 * the search finds something for them under its own filters (the suggestion's link keeps them). Words the search
 * already had are not tried again: it looked for all of them, then for each (its fallback), under the
 * same filters, and found nothing.
 */
async function didYouMean(
  db: Db,
  q: ListQuery,
  words: string[],
  catalogVersion: string | undefined,
): Promise<{ suggestion?: string }> {
  // Each word's closest catalogue word, remembered word by word like wordGroups' lookup.
  const memo = wordMemoFor(catalogVersion);
  const missing = words.filter((w) => !memo?.nearest.has(w));
  const looked = new Map<string, string | null>();
  if (missing.length > 0) {
    const list = sql.join(
      missing.map((w) => sql`${w}`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      SELECT w.word, (SELECT t.term FROM search_terms t WHERE similarity(t.term, w.word) >= 0.2
              ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT 1) AS term
      FROM unnest(ARRAY[${list}]::text[]) AS w(word)`)) as unknown as ExecRows<{ word: string; term: string | null }>;
    const store = wordMemoFor(catalogVersion);
    for (const row of rowsOf(result)) {
      looked.set(row.word, row.term);
      if (store) remember(store.nearest, row.word, row.term);
    }
  }
  const terms = words
    .map((w) => (looked.has(w) ? looked.get(w) : memo?.nearest.get(w)))
    .filter((t): t is string => !!t);
  const searched = new Set(words);
  const candidates = [terms.join(' '), ...terms].filter(
    (c, i, all) => c && all.indexOf(c) === i && !c.split(' ').every((w) => searched.has(w)),
  );
  for (const candidate of candidates) {
    // The search itself, for a page of one: the same words, lists and filters as the link would use.
    const found = await searchPage(db, { ...q, page: 1, page_size: 1 }, 'relevance', candidate.split(' '), {
      fallback: false,
      cap: 1,
      catalogVersion,
    });
    if (found.total > 0) return { suggestion: candidate };
  }
  return {};
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
