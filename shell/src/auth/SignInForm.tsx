import { useState } from 'react';
import toast from 'react-hot-toast';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@store/router';
import { loginFormSchema, type LoginForm, type TokensResponse } from '@store/contracts';
import { getErrorMessage, http } from '@store/http';
import { sessionStore } from '@store/session';
import { Banner, Button, Checkbox, FormField, Input } from '@store/ui';
import { PasswordInput } from './PasswordInput';
import { Between, Divider, Footnote, Form } from './formStyles';
import { useTimedMessage } from './useTimedMessage';

export const LOGIN_FAILED = 'Login failed. Please try again.';
const REMEMBER_KEY = 'store:remembered-email';

function rememberedEmail() {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Sign-in (SPEC.md section 2): only the e-mail is checked on the client. */
export function SignInForm({ onDone, onSwitch }: { onDone?: () => void; onSwitch?: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useTimedMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const remembered = rememberedEmail();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: remembered, password: '', remember: Boolean(remembered) },
  });

  const submit = handleSubmit(async ({ email, password, remember }) => {
    setError(null);
    try {
      const { data } = await http.post<TokensResponse>('auth/login', { email, password });
      try {
        if (remember) localStorage.setItem(REMEMBER_KEY, email);
        else localStorage.removeItem(REMEMBER_KEY);
      } catch {
        // Storage can be unavailable (private mode); remembering is a convenience only.
      }
      // SPEC.md section 2: the server's message ('Login Successful!' from our API), else 'Request successful!'.
      const message = data.message || 'Request successful!';
      setSuccess(message);
      toast.success(message);
      const returnTo = sessionStore.getState().dialog?.returnTo;
      sessionStore.getState().login({ access: data.access, refresh: data.refresh });
      sessionStore.getState().closeDialog();
      onDone?.();
      const role = sessionStore.getState().role;
      navigate(role === 'ADMIN' ? '/admin' : returnTo && !returnTo.startsWith('/auth') ? returnTo : '/');
    } catch (err) {
      setSuccess(null);
      setError(getErrorMessage(err, LOGIN_FAILED));
    }
  });

  return (
    <Form onSubmit={submit} noValidate aria-label="Sign in">
      {error && <Banner tone="error">{error}</Banner>}
      {success && <Banner tone="success">{success}</Banner>}
      <Divider>Or continue with email</Divider>
      <FormField label="Email" htmlFor="signin-email" error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'signin-email-error' : undefined}
          {...register('email')}
        />
      </FormField>
      <FormField label="Password" htmlFor="signin-password">
        <PasswordInput id="signin-password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <Between>
        <Checkbox label="Remember me" {...register('remember')} />
        <Link to="/auth/forgot-password" onClick={() => sessionStore.getState().closeDialog()}>
          Forgot password?
        </Link>
      </Between>
      <Button type="submit" $variant="primary" $block $size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {onSwitch && (
        <Footnote>
          New here?{' '}
          <button type="button" onClick={onSwitch}>
            Create an account
          </button>
        </Footnote>
      )}
    </Form>
  );
}
