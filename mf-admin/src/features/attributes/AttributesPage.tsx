import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { adminAttributeInputSchema, type AdminAttribute } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, Dialog, FormField, Input } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { DataTable } from '../admin-ui/DataTable';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { FormButtons, RowActions } from '../categories/CategoriesPage';
import { useAdminAttributes, useDeleteAttribute, useSaveAttribute } from './api/attributes';

/** The values are typed as one comma-separated line; each is checked with the API's own rule. */
export const attributeFormSchema = z.object({
  name: adminAttributeInputSchema.shape.name,
  values: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(adminAttributeInputSchema.shape.values.unwrap()),
});
type AttributeForm = z.input<typeof attributeFormSchema>;

const aria = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

function AttributeDialog({
  attribute,
  onClose,
}: {
  attribute: AdminAttribute | null | undefined;
  onClose: () => void;
}) {
  const save = useSaveAttribute();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AttributeForm, unknown, z.output<typeof attributeFormSchema>>({
    resolver: zodResolver(attributeFormSchema),
    values: { name: attribute?.name ?? '', values: attribute?.values.join(', ') ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const saved = await save.mutateAsync({ ...values, id: attribute?.id });
      toast.success(attribute ? `Attribute ${saved.name} saved.` : `Attribute ${saved.name} created.`);
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.name) setError('name', { type: 'server', message: fields.name }, { shouldFocus: true });
      else setProblem(getErrorMessage(error, 'The attribute could not be saved. Please try again.'));
    }
  });
  return (
    <Dialog
      open={attribute !== undefined}
      onClose={onClose}
      title={attribute ? `Edit ${attribute.name}` : 'New attribute'}
      description={
        attribute && attribute.product_count > 0
          ? `A new name also reaches the ${attribute.product_count} product${attribute.product_count === 1 ? '' : 's'} using it.`
          : 'Variants are described by attributes, for example size or colour.'
      }
    >
      <form onSubmit={submit} noValidate>
        {problem && <Banner tone="error">{problem}</Banner>}
        <FormField label="Name" htmlFor="attribute-name" error={errors.name?.message}>
          <Input
            id="attribute-name"

            {...aria('attribute-name', errors.name?.message)}
            {...register('name')}
          />
        </FormField>
        <FormField
          label="Values"
          htmlFor="attribute-values"
          hint="Separated by commas, for example S, M, L"
          error={errors.values?.message}
        >
          <Input
            id="attribute-values"
            {...(errors.values?.message
              ? aria('attribute-values', errors.values.message)
              : { 'aria-describedby': 'attribute-values-hint' })}
            {...register('values')}
          />
        </FormField>
        <FormButtons>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : attribute ? 'Save' : 'Create attribute'}
          </Button>
        </FormButtons>
      </form>
    </Dialog>
  );
}

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
