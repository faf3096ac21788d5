import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate, useParams } from '@store/router';
import styled from 'styled-components';
import { z } from 'zod';
import { forgotPasswordSchema, resetPasswordFormSchema } from '@store/contracts';
import { getErrorMessage } from '@store/http';
import { useSession } from '@store/session';
import { Banner, Button, FormField, Input, Panel, useDocumentTitle } from '@store/ui';
import { requestPasswordReset } from './api/request-password-reset';
import { resetPassword } from './api/reset-password';
import { authCopy } from './AuthDialogs';
import { PasswordInput } from './PasswordInput';
import { Footnote, Form } from './formStyles';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

const Card = styled(Panel)<{ $wide?: boolean }>`
  max-width: ${({ $wide }) => ($wide ? '34rem' : '28rem')};
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: ${({ theme }) => theme.space[8]};
  box-shadow: ${({ theme }) => theme.shadows.md};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  > p {
    margin: 0 0 ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A signed-in visitor has nothing to do on the sign-in and sign-up pages: on as a sign-in would send them. */
function useSignedInLanding(): string | null {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.role);
  if (!isAuthenticated) return null;
  return role === 'ADMIN' ? '/admin' : '/';
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const state = useLocation().state as { email?: unknown } | null;
  const landing = useSignedInLanding();
  if (landing) return <Navigate to={landing} replace />;
  return (
    <Card data-boundary="shell" aria-labelledby="login-title">
      <h1 id="login-title">{authCopy.login.title}</h1>
      <p>{authCopy.login.line}</p>
      <SignInForm
        onSwitch={() => navigate('/auth/signup')}
        email={typeof state?.email === 'string' ? state.email : undefined}
      />
    </Card>
  );
}

export function SignupPage() {
  useDocumentTitle('Create account');
  const navigate = useNavigate();
  const landing = useSignedInLanding();
  if (landing) return <Navigate to={landing} replace />;
  return (
    <Card $wide data-boundary="shell" aria-labelledby="signup-title">
      <h1 id="signup-title">{authCopy.signup.title}</h1>
      <p>{authCopy.signup.line}</p>
      <SignUpForm onSwitch={() => navigate('/auth/login')} />
    </Card>
  );
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const data = await requestPasswordReset({ email });
      setMessage(data.message);
    } catch (err) {
      setError(getErrorMessage(err, 'The reset link could not be sent. Please try again.'));
    }
  });
  return (
    <Card data-boundary="shell" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p>Enter the e-mail of your account and we will send you a link to set a new password.</p>
      {message ? (
        <Form as="div">
          <Banner tone="success">{message}</Banner>
          <Footnote>
            <Link to="/auth/login">Back to sign in</Link>
          </Footnote>
        </Form>
      ) : (
        <Form onSubmit={submit} noValidate>
          {error && <Banner tone="error">{error}</Banner>}
          <FormField label="Email" htmlFor="forgot-email" error={errors.email?.message}>
            <Input id="forgot-email" type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <Button type="submit" $variant="primary" $block disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
          <Footnote>
            Remembered it? <Link to="/auth/login">Sign in</Link>
          </Footnote>
        </Form>
      )}
    </Card>
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const { token = '' } = useParams();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const data = await resetPassword({ token, password });
      setMessage(data.message);
    } catch (err) {
      setError(getErrorMessage(err, 'This password reset link is invalid or has expired.'));
    }
  });
  return (
    <Card data-boundary="shell" aria-labelledby="reset-title">
      <h1 id="reset-title">Set a new password</h1>
      <p>Choose a password with at least 8 characters, an uppercase and a lowercase letter and a number.</p>
      {message ? (
        <Form as="div">
          <Banner tone="success">{message}</Banner>
          <Button as={Link} to="/auth/login" $variant="primary" $block>
            Sign in
          </Button>
        </Form>
      ) : (
        <Form onSubmit={submit} noValidate>
          {error && (
            <Banner tone="error">
              {error} <Link to="/auth/forgot-password">Request a new link</Link>
            </Banner>
          )}
          <FormField label="New password" htmlFor="reset-password" error={errors.password?.message}>
            <PasswordInput id="reset-password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label="Confirm new password" htmlFor="reset-confirm" error={errors.confirm_password?.message}>
            <PasswordInput id="reset-confirm" autoComplete="new-password" {...register('confirm_password')} />
          </FormField>
          <Button type="submit" $variant="primary" $block disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Set new password'}
          </Button>
        </Form>
      )}
    </Card>
  );
}
