import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { z } from 'zod';
import { integrationKeyCreateSchema, type IntegrationKey } from '@store/contracts';
import { FormField, Input, Textarea } from '@store/ui';
import { NameDialog, useNameSave } from '../admin-ui/NameDialog';
import { useCreateIntegrationKey } from './api';

/** The form's fields as typed: origins one per line, the category by name, the expiry as a date. */
export const KeyText = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  word-break: break-all;
`;

const formSchema = z.object({
  name: integrationKeyCreateSchema.shape.name,
  origins: z.string().trim().min(1, 'Add at least one allowed origin'),
  category: z.string().trim().max(100),
  expires: z.string(),
});
type KeyForm = z.infer<typeof formSchema>;

export function NewKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (k: IntegrationKey) => void;
}) {
  const create = useCreateIntegrationKey();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<KeyForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', origins: '', category: '', expires: '' },
  });
  const { problem, attempt } = useNameSave(setError);
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const created = await create.mutateAsync({
        name: values.name,
        allowed_origins: values.origins.split(/[\s,]+/).filter(Boolean),
        category: values.category || null,
        // The end of the chosen day, in the admin's time zone.
        expires_at: values.expires ? new Date(`${values.expires}T23:59:59`).toISOString() : null,
      });
      reset();
      onCreated(created);
    }, 'The key could not be created. Check the origins (https://blog.example) and try again.'),
  );
  return (
    <NameDialog
      open={open}
      onClose={onClose}
      title="New integrator key"
      description="A publishable key for <store-products> on another site: only the origins listed may use it."
      onSubmit={submit}
      problem={problem}
      isSubmitting={isSubmitting}
      submitLabel="Create key"
    >
      <FormField label="Name" htmlFor="key-name" error={errors.name?.message}>
        <Input id="key-name" {...register('name')} />
      </FormField>
      <FormField
        label="Allowed origins"
        htmlFor="key-origins"
        hint="One per line, like https://blog.example"
        error={errors.origins?.message}
      >
        <Textarea id="key-origins" rows={3} {...register('origins')} />
      </FormField>
      <FormField label="Category (optional)" htmlFor="key-category" hint="Only this category's products">
        <Input id="key-category" {...register('category')} />
      </FormField>
      <FormField label="Expires (optional)" htmlFor="key-expires">
        <Input id="key-expires" type="date" {...register('expires')} />
      </FormField>
    </NameDialog>
  );
}
