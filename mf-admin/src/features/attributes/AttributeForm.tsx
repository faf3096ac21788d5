import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { adminAttributeInputSchema, type AdminAttribute } from '@store/contracts';
import { FormField, Input, toast } from '@store/ui';
import { NameDialog, useNameSave } from '../admin-ui/NameDialog';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AttributeForm, unknown, z.output<typeof attributeFormSchema>>({
    resolver: zodResolver(attributeFormSchema),
    values: { name: attribute?.name ?? '', values: attribute?.values.join(', ') ?? '' },
  });
  const { problem, attempt } = useNameSave(setError);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const saved = await save.mutateAsync({ ...values, id: attribute?.id });
      toast.success(attribute ? `Attribute ${saved.name} saved.` : `Attribute ${saved.name} created.`);
      onClose();
    }, 'The attribute could not be saved. Please try again.'),
  );
  return (
    <NameDialog
      open={attribute !== undefined}
      onClose={onClose}
      title={attribute ? `Edit ${attribute.name}` : 'New attribute'}
      description={
        attribute && attribute.product_count > 0
          ? `A new name also reaches the ${attribute.product_count} product${attribute.product_count === 1 ? '' : 's'} using it.`
          : 'Variants are described by attributes, for example size or colour.'
      }
      onSubmit={submit}
      problem={problem}
      isSubmitting={isSubmitting}
      submitLabel={attribute ? 'Save' : 'Create attribute'}
    >
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
    </NameDialog>
  );
}
