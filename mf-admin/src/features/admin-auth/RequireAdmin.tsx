import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { Navigate, useLocation } from '@store/router';
import { getErrorMessage, getStatus } from '@store/http';
import { useSession } from '@store/session';
import { useProfile } from '@store/shopper';
import { Banner, Button, Spinner } from '@store/ui';
import { isLeavingAdminArea, stayInAdminArea } from './leaving';

const Centre = styled.div`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[4]};
  min-height: 60vh;
  padding: ${({ theme }) => theme.space[6]};
`;

/**
 * The admin area needs a signed-in ADMIN. The local session's role only decides whether to ask:
 * the server's answer (the profile, read with the verified token) decides whether to let in.
 * Anyone else goes to the admin's own login, with the address they asked for.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.role);
  const location = useLocation();
  const profile = useProfile();
  useEffect(() => stayInAdminArea, []);
  // The whole address, so a filtered list (…?status=PENDING) comes back as it was after signing in.
  const toLogin = <Navigate to="/admin/auth/login" replace state={{ from: location.pathname + location.search }} />;
  if (!isAuthenticated && isLeavingAdminArea()) return null;
  if (!isAuthenticated || role !== 'ADMIN') return toLogin;
  if (profile.isPending) {
    return (
      <Centre>
        <Spinner size={32} label="Checking your access" />
      </Centre>
    );
  }
  if (profile.error) {
    const status = getStatus(profile.error);
    if (status === 401 || status === 403) return toLogin;
    return (
      <Centre>
        <Banner tone="error">{getErrorMessage(profile.error, 'Your access could not be checked.')}</Banner>
        <Button onClick={() => void profile.refetch()}>Try again</Button>
      </Centre>
    );
  }
  if (profile.data.role !== 'ADMIN') return toLogin;
  return <>{children}</>;
}
