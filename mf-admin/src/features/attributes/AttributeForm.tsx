import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { adminAttributeInputSchema, type AdminAttribute } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, Dialog, FormField, Input } from '@store/ui';
import { FormButtons } from '../categories/CategoryForm';
import { useSaveAttribute } from './api/attributes';

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

export function AttributeDialog({
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
          <Input id="attribute-name" {...register('name')} />
        </FormField>
        <FormField
          label="Values"
          htmlFor="attribute-values"
          hint="Separated by commas, for example S, M, L"
          error={errors.values?.message}
        >
          <Input id="attribute-values" {...register('values')} />
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
