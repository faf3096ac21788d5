import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { adminCategoryInputSchema, type AdminCategory, type AdminCategoryInput } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, Dialog, FormField, Input, Textarea } from '@store/ui';
import { useSaveCategory } from './api/categories';

export const FormButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

/** Create (no category) or rename a category; the API's messages land at the field or above the form. */
export function CategoryDialog({
  category,
  onClose,
}: {
  category: AdminCategory | null | undefined;
  onClose: () => void;
}) {
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
          <Input id="category-name" {...register('name')} />
        </FormField>
        <FormField label="Description" htmlFor="category-description" error={errors.description?.message}>
          <Textarea id="category-description" rows={3} {...register('description')} />
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
