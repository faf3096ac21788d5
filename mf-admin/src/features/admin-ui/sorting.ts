import type { Sorting } from './DataTable';

/**
 * A list's `sort` parameter (`price`, `-price`: a column, `-` first for descending) as the table's
 * sorting; anything that is not one of `columns` falls back to `fallback`.
 */
export function parseSort(sort: string, columns: readonly string[], fallback: Sorting): Sorting {
  const by = sort.replace(/^-/, '');
  return columns.includes(by) ? { by, dir: sort.startsWith('-') ? 'desc' : 'asc' } : fallback;
}

/** {by: 'price', dir: 'desc'} → `-price`. */
export const sortParam = ({ by, dir }: Sorting) => `${dir === 'desc' ? '-' : ''}${by}`;
