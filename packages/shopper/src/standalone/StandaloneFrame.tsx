import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { BrowserRouter, Link } from '@store/router';
import styled from 'styled-components';
import { getErrorMessage, queryClient, QueryClientProvider } from '@store/http';
import { useSession } from '@store/session';
import { Banner, Button, Container, Input, Spinner, StoreToaster, UiProvider } from '@store/ui';
import { useProfile } from '../profile';
import { signIn, signOut } from '../signInOut';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[4]} 0;
  margin-bottom: ${({ theme }) => theme.space[6]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  form {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
    margin-left: auto;
  }
`;

function SignIn() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const [error, setError] = useState<string | null>(null);
  useProfile();
  if (isAuthenticated) {
    return (
      <Button $size="sm" style={{ marginLeft: 'auto' }} onClick={() => void signOut()}>
        Logout
      </Button>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    try {
      await signIn({ email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') });
      setError(null);
    } catch (err) {
      setError(getErrorMessage(err, 'Login failed. Please try again.'));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Sign in">
      {error && <Banner tone="error">{error}</Banner>}
      <Input name="email" type="email" aria-label="Email" placeholder="Email" />
      <Input name="password" type="password" aria-label="Password" placeholder="Password" />
      <Button type="submit" $size="sm" $variant="primary">
        Sign In
      </Button>
    </form>
  );
}

/**
 * A remote team's standalone page (`pnpm --filter <remote> dev`): the shared providers, a minimal
 * header with sign-in, and the remote's routes — its screens without the shell.
 */
export function StandaloneFrame({
  name,
  links,
  children,
}: {
  name: string;
  links: [string, string][];
  children: ReactNode;
}) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Container>
            <Bar>
              <strong>{name} (standalone)</strong>
              {links.map(([to, label]) => (
                <Link key={to} to={to}>
                  {label}
                </Link>
              ))}
              <SignIn />
            </Bar>
            <Suspense fallback={<Spinner />}>{children}</Suspense>
          </Container>
        </BrowserRouter>
        <StoreToaster />
      </QueryClientProvider>
    </UiProvider>
  );
}
