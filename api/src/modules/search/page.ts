import type { ProductSort } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { pageCards } from '../catalog/cards';
import { pageRanks, type ListQuery } from '../catalog/paging';
import { wordGroups } from './words';

export interface SearchResult {
  match: 'all' | 'some' | 'none';
  total: number;
  /** The page's cards, JSON text. */
  data: string;
}

const NONE: SearchResult = { match: 'none', total: 0, data: '[]' };

/** A placeholder cast to a PostgreSQL type: `typed('terms', 'text[]')`. */
const typed = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * One page of a search, in two statements: what each word stands for (wordGroups, remembered per
 * catalogue version), then search.page (R__search.sql) and the page's cards. The same statements on
 * PostgreSQL and PGlite. `fallback`: when no product has every word, those having some of them.
 */
export async function searchPage(
  db: Db,
  q: ListQuery,
  sort: ProductSort,
  words: string[],
  options: { lastIsPrefix?: boolean; fallback: boolean; catalogVersion?: string },
): Promise<SearchResult> {
  // The rarest word first: search.page intersects the others with what it leaves.
  const groups = (await wordGroups(db, words, options.lastIsPrefix ?? false, options.catalogVersion)).sort(
    (a, b) => a.size - b.size || a.n - b.n,
  );
  if (groups.every((g) => g.terms.length === 0)) return NONE;
  const build = () => sql`
    SELECT f.match, f.total, ${pageCards(sql`unnest(f.ids)`)} AS data
    FROM search.page(${typed('terms', 'text[]')}, ${typed('groups', 'int[]')}, ${typed('words', 'int')},
      ${typed('exclude', 'int')}, ${typed('category', 'text')}, ${typed('min_price', 'int')},
      ${typed('max_price', 'int')}, ${typed('sale', 'boolean')}, ${typed('stock', 'boolean')},
      ${typed('featured', 'boolean')}, ${typed('sort', 'text')}, ${typed('first', 'int')}, ${typed('last', 'int')},
      ${typed('fallback', 'boolean')}) AS f`;
  const [row] = await queryRows<SearchResult>(
    db,
    'search-page',
    build,
    {
      terms: groups.flatMap((g) => g.terms),
      groups: groups.flatMap((g, i) => g.terms.map(() => i + 1)),
      words: groups.length,
      exclude: q.exclude ?? null,
      category: q.category && q.category.toLowerCase() !== 'all' ? q.category.toLowerCase() : null,
      min_price: q.min_price === undefined ? null : Math.round(q.min_price * 100),
      max_price: q.max_price === undefined ? null : Math.round(q.max_price * 100),
      sale: !!q.on_sale,
      stock: !!q.in_stock,
      featured: !!q.featured,
      sort,
      ...pageRanks(q),
      fallback: options.fallback,
    },
    { prepare: true },
  );
  return row ? { match: row.match, total: Number(row.total), data: row.data ?? '[]' } : NONE;
}
