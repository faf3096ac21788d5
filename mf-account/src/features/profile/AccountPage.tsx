import styled from 'styled-components';
import { getErrorMessage } from '@store/http';
import { RequireSignIn, useProfile } from '@store/shopper';
import { Banner, Skeleton, useDocumentTitle } from '@store/ui';
import { PageTitle } from '../card';
import { PasswordForm } from '../password/PasswordForm';
import { ProfileForm } from './ProfileForm';

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;

function Account() {
  const { data, isPending, error } = useProfile();
  if (isPending) return <Skeleton height="20rem" />;
  if (error) return <Banner tone="error">{getErrorMessage(error, 'Your account could not be loaded.')}</Banner>;
  return (
    <>
      <PageTitle>My account</PageTitle>
      <Columns>
        <ProfileForm profile={data} />
        <PasswordForm />
      </Columns>
    </>
  );
}

export default function AccountPage() {
  useDocumentTitle('My account');
  return (
    <div data-boundary="mf-account">
      <RequireSignIn title="Sign in to see your account">
        <Account />
      </RequireSignIn>
    </div>
  );
}
