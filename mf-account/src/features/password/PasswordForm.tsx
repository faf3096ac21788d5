import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, FormField, Input } from '@store/ui';
import { Card } from '../card';
import type { PasswordValues } from '../formResolvers';
import { lazyResolver, loadFormResolvers } from '../lazyResolver';
import { useChangePassword } from './api/change-password';

const resolver = lazyResolver<PasswordValues>((r) => r.passwordResolver);
const serverFields = ['current_password', 'new_password'] as const;

export function PasswordForm() {
  const change = useChangePassword();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver,
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const submit = handleSubmit(async ({ current_password, new_password }) => {
    setResult(null);
    try {
      const { message } = await change.mutateAsync({ current_password, new_password });
      setResult({ tone: 'success', text: message });
      reset();
    } catch (error) {
      // The API answers a wrong current password as a field list ({current_password: ['…']}), with no detail.
      const fields = getFieldErrors(error);
      const known = serverFields.filter((name) => fields[name]);
      if (known.length === 0) {
        setResult({ tone: 'error', text: getErrorMessage(error, 'Your password could not be changed.') });
        return;
      }
      known.forEach((name, i) => setError(name, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
    }
  });
  return (
    <Card aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p>At least 8 characters, with an uppercase letter, a lowercase letter and a number.</p>
      <form onSubmit={submit} onFocus={() => void loadFormResolvers()} noValidate>
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <FormField label="Current password" htmlFor="pw-current" error={errors.current_password?.message}>
          <Input id="pw-current" type="password" autoComplete="current-password" {...register('current_password')} />
        </FormField>
        <FormField label="New password" htmlFor="pw-new" error={errors.new_password?.message}>
          <Input id="pw-new" type="password" autoComplete="new-password" {...register('new_password')} />
        </FormField>
        <FormField label="Confirm new password" htmlFor="pw-confirm" error={errors.confirm_password?.message}>
          <Input id="pw-confirm" type="password" autoComplete="new-password" {...register('confirm_password')} />
        </FormField>
        <Button type="submit" $variant="primary" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
