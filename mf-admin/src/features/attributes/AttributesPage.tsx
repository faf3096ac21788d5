import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminAttribute } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { Button } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { RowActions } from '../categories/CategoriesPage';
import { AttributeDialog } from './AttributeForm';
import { useAdminAttributes, useDeleteAttribute } from './api/attributes';

export function AttributesPage() {
  const { data, error, isPending, refetch } = useAdminAttributes();
  const remove = useDeleteAttribute();
  const [editing, setEditing] = useState<AdminAttribute | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminAttribute | null>(null);

  const columns = useMemo<ColumnDef<AdminAttribute, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <strong>{row.original.name}</strong> },
      { id: 'values', header: 'Values', cell: ({ row }) => row.original.values.join(', ') || '—' },
      { id: 'products', header: 'Products', cell: ({ row }) => row.original.product_count },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <RowActions>
            <Button $size="sm" onClick={() => setEditing(row.original)} aria-label={`Edit ${row.original.name}`}>
              Edit
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
      toast.success(`Attribute ${name} deleted.`);
    } catch (error) {
      toast.error(getErrorMessage(error, `${name} could not be deleted.`));
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title="Attributes"
        description="The sizes, colours and other attributes variants use."
        actions={
          <Button $variant="primary" onClick={() => setEditing(null)}>
            Add attribute
          </Button>
        }
      />
      <ListState
        isPending={isPending}
        error={error}
        isEmpty={data?.length === 0}
        what="attributes"
        empty={{ title: 'No attributes yet', description: 'Add one, for example size or colour.' }}
        onRetry={() => void refetch()}
      >
        {data && <DataTable caption="Attributes" data={data} columns={columns} getRowId={(a) => String(a.id)} />}
      </ListState>
      <AttributeDialog attribute={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={
          deleting && deleting.product_count > 0
            ? `${deleting.product_count} product${deleting.product_count === 1 ? '' : 's'} still use it; the store will refuse until it is removed from their variants.`
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
