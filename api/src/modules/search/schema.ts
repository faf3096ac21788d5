import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from '../../db/schema';

/** PostgreSQL's full-text document (lexemes with positions and weights). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A sorted array of product ids (intarray's operators intersect and merge them). */
const idList = customType<{ data: number[] }>({ dataType: () => 'integer[]' });

/**
 * What the shop search reads of a product, one row per product, written by search.refresh and the
 * products_search_sync trigger (R__search.sql): its words (name A, category and attribute values B,
 * description C) and copies of what a search filters and sorts by.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    categoryId: integer('category_id').notNull().default(0),
    name: text('name').notNull().default(''),
    minPriceCents: integer('min_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    inStock: boolean('in_stock').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('product_search_price_idx').on(t.productId)],
);

/** Every word of the catalogue's names, categories and attribute values: the vocabulary typos are corrected to. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
]);

/**
 * The published products of each word (at its best weight in the product) and of each filter and sort cell,
 * as sorted id lists: kinds and keys in R__search.sql, kept by product_search's statement triggers.
 */
export const searchLists = pgTable(
  'search_lists',
  {
    kind: text('kind').notNull(),
    /** A word, a number of ten digits (so that cells sort as numbers), or '' for a flag. Collation C. */
    key: text('key').notNull(),
    ids: idList('ids').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key], name: 'search_lists_pkey' })],
);
