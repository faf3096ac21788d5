import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import styled from 'styled-components';
import { Table, TableFrame, visuallyHidden } from '@store/ui';

const Caption = styled.caption`
  ${visuallyHidden}
`;

const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1]};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

export interface Sorting {
  /** The column id the server sorts by, and the direction. */
  by: string;
  dir: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  caption: string;
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** Sorting is the server's: a click reports the wanted order; columns with `enableSorting` offer it. */
  sorting?: Sorting;
  onSort?: (sorting: Sorting) => void;
  getRowId?: (row: T) => string;
}

/** A headless TanStack table drawn in the store's style; it scrolls sideways inside its card on a phone. */
export function DataTable<T>({ caption, data, columns, sorting, onSort, getRowId }: DataTableProps<T>) {
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSortingRemoval: false,
  });
  return (
    <TableFrame>
      <Table>
        <Caption>{caption}</Caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = header.column.columnDef.enableSorting === true && onSort;
                const active = sorting?.by === header.column.id;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <SortButton
                        type="button"
                        onClick={() =>
                          onSort({ by: header.column.id, dir: active && sorting.dir === 'asc' ? 'desc' : 'asc' })
                        }
                      >
                        {label}
                        <span aria-hidden="true">{active ? (sorting.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </SortButton>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
