import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { ColumnDef } from '@tanstack/react-table';
import styled from 'styled-components';
import { adminCategoryInputSchema, type AdminCategory, type AdminCategoryInput } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, Dialog, FormField, Input, Textarea } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from './api/categories';

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

export const FormButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

const aria = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** Create (no category) or rename a category; the API's messages land at the field or above the form. */
function CategoryDialog({ category, onClose }: { category: AdminCategory | null | undefined; onClose: () => void }) {
  const save = useSaveCategory();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminCategoryInput>({
    resolver: zodResolver(adminCategoryInputSchema),
    values: { name: category?.name ?? '', description: category?.description ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const saved = await save.mutateAsync({ ...values, id: category?.id });
      toast.success(category ? `Category renamed to ${saved.name}.` : `Category ${saved.name} created.`);
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.name) setError('name', { type: 'server', message: fields.name }, { shouldFocus: true });
      else setProblem(getErrorMessage(error, 'The category could not be saved. Please try again.'));
    }
  });
  return (
    <Dialog
      open={category !== undefined}
      onClose={onClose}
      title={category ? `Rename ${category.name}` : 'New category'}
      description={category ? undefined : 'Shoppers browse the store by category.'}
    >
      <form onSubmit={submit} noValidate>
        {problem && <Banner tone="error">{problem}</Banner>}
        <FormField label="Name" htmlFor="category-name" error={errors.name?.message}>
          <Input id="category-name" {...aria('category-name', errors.name?.message)} {...register('name')} />
        </FormField>
        <FormField label="Description" htmlFor="category-description" error={errors.description?.message}>
          <Textarea
            id="category-description"
            rows={3}
            {...aria('category-description', errors.description?.message)}
            {...register('description')}
          />
        </FormField>
        <FormButtons>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : category ? 'Save' : 'Create category'}
          </Button>
        </FormButtons>
      </form>
    </Dialog>
  );
}

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
