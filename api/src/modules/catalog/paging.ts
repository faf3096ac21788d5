import type { productListQuerySchema } from '@store/contracts';
import type { z } from 'zod';
import { pageMeta } from '../../lib/format';

export type ListQuery = z.output<typeof productListQuerySchema>;

/**
 * How far a list counts. A large catalogue is not counted whole on every request: the answer says
 * "at least this many" (`total_exact: false`) past the cap, always far enough for the next page.
 */
export const COUNT_CAP = 1000;

/** How far a page counts: COUNT_CAP, or further for a page past it (always far enough for the next page). */
export const countCap = (q: ListQuery) => Math.max(COUNT_CAP, (q.page - 1) * q.page_size + 2 * q.page_size);

/** A page's meta for `counted` products, at most `cap` of them said exactly. */
export function capMeta(q: ListQuery, counted: number, cap: number) {
  const exact = counted <= cap;
  return { ...pageMeta(q.page, q.page_size, exact ? counted : cap), ...(exact ? {} : { total_exact: false }) };
}

/** The first and last rank (from 1) of a page. */
export const pageRanks = (q: Pick<ListQuery, 'page' | 'page_size'>) => ({
  first: (q.page - 1) * q.page_size + 1,
  last: q.page * q.page_size,
});
