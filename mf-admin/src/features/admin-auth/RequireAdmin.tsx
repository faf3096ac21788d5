import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@store/router';
import { useSession } from '@store/session';

/** The admin area needs a signed-in ADMIN; anyone else goes to the admin's own login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.role);
  const location = useLocation();
  if (!isAuthenticated || role !== 'ADMIN') {
    // The whole address, so a filtered list (…?status=PENDING) comes back as it was after signing in.
    return <Navigate to="/admin/auth/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
