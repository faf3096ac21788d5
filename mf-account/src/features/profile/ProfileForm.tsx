import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ProfileUpdatePayload } from '@store/contracts';
import { getErrorMessage, getFieldErrors } from '@store/http';
import type { Profile } from '@store/shopper';
import { Banner, Button, FormField, Input } from '@store/ui';
import { Card } from '../card';
import { lazyResolver, loadFormResolvers } from '../lazyResolver';
import { useUpdateProfile } from './api/update-profile';

const serverFields = ['first_name', 'last_name', 'username'] as const;
const resolver = lazyResolver<ProfileUpdatePayload>((r) => r.profileResolver);

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileUpdatePayload>({
    resolver,
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, username: profile.username },
  });
  useEffect(() => {
    reset({ first_name: profile.first_name, last_name: profile.last_name, username: profile.username });
  }, [profile, reset]);

  const submit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await update.mutateAsync(values);
      setResult({ tone: 'success', text: 'Profile updated.' });
    } catch (error) {
      // A field list without a message (a taken username) goes to its field; anything else to the banner.
      const message = getErrorMessage(error, '');
      const fields = getFieldErrors(error);
      const known = serverFields.filter((name) => fields[name]);
      if (!message && known.length > 0) {
        known.forEach((name, i) => setError(name, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
        return;
      }
      setResult({ tone: 'error', text: message || 'Your profile could not be saved. Please try again.' });
    }
  });

  return (
    <Card aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p>Signed in as {profile.email}</p>
      <form onSubmit={submit} onFocus={() => void loadFormResolvers()} noValidate>
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <FormField label="Email" htmlFor="profile-email" hint="Your e-mail is your sign-in and cannot be changed here.">
          <Input id="profile-email" value={profile.email} readOnly disabled />
        </FormField>
        <FormField label="First name" htmlFor="profile-first" error={errors.first_name?.message}>
          <Input id="profile-first" autoComplete="given-name" {...register('first_name')} />
        </FormField>
        <FormField label="Last name" htmlFor="profile-last" error={errors.last_name?.message}>
          <Input id="profile-last" autoComplete="family-name" {...register('last_name')} />
        </FormField>
        <FormField label="Username" htmlFor="profile-username" error={errors.username?.message}>
          <Input id="profile-username" autoComplete="username" {...register('username')} />
        </FormField>
        <Button type="submit" $variant="primary" disabled={update.isPending || !isDirty}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </form>
    </Card>
  );
}
