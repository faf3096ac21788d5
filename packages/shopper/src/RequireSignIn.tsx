import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@store/router';
import { sessionStore, useSession } from '@store/session';
import { Button, EmptyState, toast } from '@store/ui';

export interface RequireSignInProps {
  children: ReactNode;
  /** Shown as a heading while signed out, e.g. 'Sign in to see your cart'. */
  title: string;
  description?: string;
  /** The spec's toast for this page, if it has one ('Please login to view your cart!'). */
  toastMessage?: string;
}

/**
 * Pages that need a signed-in user (SPEC.md section 6): signed out, the sign-in dialog opens once,
 * remembering the page so the visitor comes back to it after signing in.
 */
export function RequireSignIn({ children, title, description, toastMessage }: RequireSignInProps) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const asked = useRef(false);
  useEffect(() => {
    if (isAuthenticated || asked.current) return;
    asked.current = true;
    sessionStore.getState().openDialog('login', { returnTo });
    if (toastMessage) toast.error(toastMessage);
  }, [isAuthenticated, toastMessage, returnTo]);

  if (isAuthenticated) return <>{children}</>;
  return (
    <EmptyState
      title={title}
      description={description ?? 'Sign in to your account to continue.'}
      action={
        <Button $variant="primary" onClick={() => sessionStore.getState().openDialog('login', { returnTo })}>
          Sign in
        </Button>
      }
    />
  );
}
