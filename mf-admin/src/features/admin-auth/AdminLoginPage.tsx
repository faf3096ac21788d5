import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@store/router';
import styled from 'styled-components';
import { getErrorMessage } from '@store/http';
import { useSession } from '@store/session';
import { RoleNotAllowedError, signIn } from '@store/shopper';
import { Banner, Button, FormField, Input, Panel, useDocumentTitle } from '@store/ui';

const Card = styled(Panel).attrs({ as: 'form' })`
  max-width: 26rem;
  margin: ${({ theme }) => theme.space[10]} auto;
  padding: ${({ theme }) => theme.space[8]};
  box-shadow: ${({ theme }) => theme.shadows.md};
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** /admin/auth/login: the admin's own sign-in; only ADMIN accounts are let in. */
export function AdminLoginPage() {
  useDocumentTitle('Admin sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const signedInAsAdmin = useSession((s) => s.isAuthenticated && s.role === 'ADMIN');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/admin';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setError('Enter your admin e-mail and password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await signIn({ email, password }, { onlyRole: 'ADMIN' });
      navigate(from.startsWith('/admin') ? from : '/admin', { replace: true });
    } catch (err) {
      setError(
        err instanceof RoleNotAllowedError
          ? 'This account does not have access to the admin area.'
          : getErrorMessage(err, 'Login failed. Please try again.'),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <Card onSubmit={submit} aria-labelledby="admin-login-title" noValidate>
      <h1 id="admin-login-title">Admin sign in</h1>
      <p>{signedInAsAdmin ? 'You are signed in as an administrator.' : 'Store staff only.'}</p>
      {error && <Banner tone="error">{error}</Banner>}
      {signedInAsAdmin ? (
        <Button type="button" $variant="primary" onClick={() => navigate('/admin')}>
          Go to the dashboard
        </Button>
      ) : (
        <>
          <FormField label="Email" htmlFor="admin-email">
            <Input id="admin-email" name="email" type="email" autoComplete="username" required />
          </FormField>
          <FormField label="Password" htmlFor="admin-password">
            <Input id="admin-password" name="password" type="password" autoComplete="current-password" required />
          </FormField>
          <Button type="submit" $variant="primary" disabled={pending}>
            {pending ? 'Signing in…' : 'Sign In'}
          </Button>
        </>
      )}
    </Card>
  );
}
