import type { PageMeta } from '@store/contracts';
import { Button, Pagination } from '@store/ui';
import { DataTable, type DataTableProps } from './DataTable';
import { ListState, type ListStateProps } from './ListState';

/** What a paged list query gives (TanStack Query's result of a `{ data, meta }` page). */
export interface PagedQuery<T> {
  isPending: boolean;
  error: unknown;
  data: { data: T[]; meta: PageMeta } | undefined;
  refetch: () => unknown;
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'data'> {
  query: PagedQuery<T>;
  /** What the rows are, plural: the loading label, the error fallback and the pager ('orders'). */
  what: string;
  /** The pager's noun when it is not `what` ('items'). */
  noun?: string;
  empty: ListStateProps['empty'];
  onPage: (page: number) => void;
}

/** An admin list's server-paged table: loading, error and empty states, the table, the pager. */
export function PagedTable<T>({ query, what, noun = what, empty, onPage, ...table }: PagedTableProps<T>) {
  const page = query.data;
  return (
    <ListState
      isPending={query.isPending}
      error={query.error}
      isEmpty={!page || page.data.length === 0}
      what={what}
      onRetry={() => void query.refetch()}
      empty={empty}
    >
      {page && (
        <>
          <DataTable {...table} data={page.data} />
          <Pagination meta={page.meta} noun={noun} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}

/** The empty state of a list whose search or filters match nothing, with a button that clears them. */
export function noMatches({
  title,
  description,
  onClear,
  clearLabel = 'Clear filters',
}: {
  title: string;
  description: string;
  onClear: () => void;
  clearLabel?: string;
}): ListStateProps['empty'] {
  return { title, description, action: <Button onClick={onClear}>{clearLabel}</Button> };
}
