import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminCategoryInputSchema, type AdminCategory, type AdminCategoryInput } from '@store/contracts';
import { FormField, Input, Textarea, toast } from '@store/ui';
import { NameDialog, useNameSave } from '../admin-ui/NameDialog';
import { useSaveCategory } from './api/categories';

/** Create (no category) or rename a category; the API's messages land at the field or above the form. */
export function CategoryDialog({
  category,
  onClose,
}: {
  category: AdminCategory | null | undefined;
  onClose: () => void;
}) {
  const save = useSaveCategory();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminCategoryInput>({
    resolver: zodResolver(adminCategoryInputSchema),
    values: { name: category?.name ?? '', description: category?.description ?? '' },
  });
  const { problem, attempt } = useNameSave(setError);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const saved = await save.mutateAsync({ ...values, id: category?.id });
      toast.success(category ? `Category renamed to ${saved.name}.` : `Category ${saved.name} created.`);
      onClose();
    }, 'The category could not be saved. Please try again.'),
  );
  return (
    <NameDialog
      open={category !== undefined}
      onClose={onClose}
      title={category ? `Rename ${category.name}` : 'New category'}
      description={category ? undefined : 'Shoppers browse the store by category.'}
      onSubmit={submit}
      problem={problem}
      isSubmitting={isSubmitting}
      submitLabel={category ? 'Save' : 'Create category'}
    >
      <FormField label="Name" htmlFor="category-name" error={errors.name?.message}>
        <Input id="category-name" {...register('name')} />
      </FormField>
      <FormField label="Description" htmlFor="category-description" error={errors.description?.message}>
        <Textarea id="category-description" rows={3} {...register('description')} />
      </FormField>
    </NameDialog>
  );
}
