import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { ColumnDef } from '@tanstack/react-table';
import styled from 'styled-components';
import type { AdminCategory } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Button } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { useAdminCategories, useDeleteCategory } from './api/categories';
import { CategoryDialog } from './CategoryForm';

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

export function CategoriesPage() {
  const { data, error, isPending, refetch } = useAdminCategories();
  const remove = useDeleteCategory();
  // undefined: no dialog; null: a new category; a category: renaming it.
  const [editing, setEditing] = useState<AdminCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const columns = useMemo<ColumnDef<AdminCategory, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <strong>{row.original.name}</strong> },
      { id: 'description', header: 'Description', cell: ({ row }) => row.original.description || '—' },
      { id: 'products', header: 'Products', cell: ({ row }) => row.original.product_count },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <RowActions>
            <Button $size="sm" onClick={() => setEditing(row.original)} aria-label={`Rename ${row.original.name}`}>
              Rename
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
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id, name } = deleting;
    try {
      await remove.mutateAsync(id);
      toast.success(`Category ${name} deleted.`);
    } catch (error) {
      toast.error(getErrorMessage(error, `${name} could not be deleted.`));
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title="Categories"
        description="The categories shoppers browse by."
        actions={
          <Button $variant="primary" onClick={() => setEditing(null)}>
            Add category
          </Button>
        }
      />
      <ListState
        isPending={isPending}
        error={error}
        isEmpty={data?.length === 0}
        what="categories"
        empty={{ title: 'No categories yet', description: 'Add the first one to start sorting products.' }}
        onRetry={() => void refetch()}
      >
        {data && <DataTable caption="Categories" data={data} columns={columns} getRowId={(c) => String(c.id)} />}
      </ListState>
      <CategoryDialog category={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={
          deleting && deleting.product_count > 0
            ? `It still has ${deleting.product_count} product${deleting.product_count === 1 ? '' : 's'}; the store will refuse until they are moved or deleted.`
            : 'This cannot be undone.'
        }
        confirmLabel="Delete"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
