import { sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema';

/**
 * A page of product cards as JSON text: each product row carries its card as JSON text (`products.card`,
 * written by the `products_card` trigger of migration 0011 on every insert and update, and on a category
 * rename), so the database joins 24 texts and the API passes the page on as it is, with no rows to parse,
 * map and serialise. It says what `toCard` says (the detail page's card part); catalog.test.ts compares the
 * two for every product.
 */
export const cardsJson = (order?: SQL) =>
  sql`coalesce('[' || string_agg(${products.card}, ','${order ? sql` ORDER BY ${order}` : sql``}) || ']', '[]')`;

/**
 * A page's cards (JSON text) in the order of its ids: `ids` is the FROM item that unnests them, e.g.
 * `unnest(f.ids)` (numbered by WITH ORDINALITY).
 */
export const pageCards = (ids: SQL) => sql`(SELECT ${cardsJson(sql`u.k`)}
        FROM ${ids} WITH ORDINALITY AS u(id, k)
        JOIN ${products} ON ${products.id} = u.id)`;
