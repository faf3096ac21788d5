import { type ReactNode, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { ColumnDef } from '@tanstack/react-table';
import { getErrorMessage } from '@store/http';
import { Button, toast } from '@store/ui';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable } from './DataTable';
import { ListState } from './ListState';
import { PageHeader } from './Page';

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** What the attributes and categories lists have in common: a name, an id, how many products use it. */
export interface NamedItem {
  id: number;
  name: string;
  product_count: number;
}

export interface NamedListPageProps<T extends NamedItem> {
  /** 'Attribute', 'Category': titles, buttons and toasts are made from it. */
  noun: string;
  plural: string;
  description: string;
  /** The column between the name and the product count (values, description). */
  detail: { header: string; text: (item: T) => string };
  /** The row's edit action ('Edit', 'Rename'). */
  editLabel: string;
  empty: { title: string; description: string };
  /** Why deleting one with products will be refused, given how many. */
  inUse: (count: number, plural: string) => string;
  query: { data?: T[]; error: unknown; isPending: boolean; refetch: () => unknown };
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  /** The create/edit dialog: `editing` null creates, an item edits, undefined is closed. */
  dialog: (editing: T | null | undefined, close: () => void) => ReactNode;
}

/** A list of named things with a product count: add, edit in a dialog, delete after a confirmation. */
export function NamedListPage<T extends NamedItem>(p: NamedListPageProps<T>) {
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  const { detail, editLabel } = p;

  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <strong>{row.original.name}</strong> },
      { id: 'detail', header: detail.header, cell: ({ row }) => detail.text(row.original) || '—' },
      { id: 'products', header: 'Products', cell: ({ row }) => row.original.product_count },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <RowActions>
            <Button
              $size="sm"
              onClick={() => setEditing(row.original)}
              aria-label={`${editLabel} ${row.original.name}`}
            >
              {editLabel}
            </Button>
            <Button
              $size="sm"
              $variant="danger"
              onClick={() => setDeleting(row.original)}
              aria-label={`Delete ${row.original.name}`}
            >
              Delete
            </Button>
          </RowActions>
        ),
      },
    ],
    [detail, editLabel],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id, name } = deleting;
    try {
      await p.remove.mutateAsync(id);
      toast.success(`${p.noun} ${name} deleted.`);
    } catch (error) {
      toast.error(getErrorMessage(error, `${name} could not be deleted.`));
    }
    setDeleting(null);
  };

  const count = deleting?.product_count ?? 0;
  return (
    <>
      <PageHeader
        title={p.plural}
        description={p.description}
        actions={
          <Button $variant="primary" onClick={() => setEditing(null)}>
            Add {p.noun.toLowerCase()}
          </Button>
        }
      />
      <ListState
        isPending={p.query.isPending}
        error={p.query.error}
        isEmpty={p.query.data?.length === 0}
        what={p.plural.toLowerCase()}
        empty={p.empty}
        onRetry={() => void p.query.refetch()}
      >
        {p.query.data && (
          <DataTable caption={p.plural} data={p.query.data} columns={columns} getRowId={(item) => String(item.id)} />
        )}
      </ListState>
      {p.dialog(editing, () => setEditing(undefined))}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={count > 0 ? p.inUse(count, count === 1 ? 'product' : 'products') : 'This cannot be undone.'}
        confirmLabel="Delete"
        tone="danger"
        pending={p.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
