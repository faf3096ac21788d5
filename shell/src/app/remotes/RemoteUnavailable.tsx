import { useState } from 'react';
import styled from 'styled-components';
import { Button, Panel } from '@store/ui';
import type { RemoteName } from '@store/contracts';

const labels: Record<RemoteName, string> = {
  catalog: 'The product catalog',
  cart: 'Your cart',
  account: 'Your account',
  admin: 'The admin area',
};

const Notice = styled(Panel)`
  margin: ${({ theme }) => theme.space[8]} auto;
  max-width: 32rem;
  padding: ${({ theme }) => theme.space[8]};
  text-align: center;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Notice role="alert" data-boundary="shell" data-remote-unavailable={remote}>
      <h2>{labels[remote]} is unavailable right now</h2>
      <p>
        This part of the store could not be loaded. The rest of the store still works; please try again in a moment.
      </p>
      <Button
        $variant="primary"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          onRetry();
        }}
      >
        {retrying ? 'Retrying…' : 'Try again'}
      </Button>
    </Notice>
  );
}
