import type { ReactNode } from 'react';
import styled from 'styled-components';
import { getErrorMessage } from '@store/http';
import { Banner, Button, EmptyState, Skeleton } from '@store/ui';

const Rows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;
const ErrorBox = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface ListStateProps {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  /** What is being loaded, for the busy region's label and the error fallback ("orders"). */
  what: string;
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  onRetry: () => void;
  children: ReactNode;
}

/** Loading, error and empty states shared by every admin list; the list itself otherwise. */
export function ListState({ isPending, error, isEmpty, what, empty, onRetry, children }: ListStateProps) {
  if (isPending) {
    return (
      <Rows aria-busy="true" aria-label={`Loading ${what}`} role="status">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height="2.5rem" />
        ))}
      </Rows>
    );
  }
  if (error) {
    return (
      <ErrorBox>
        <Banner tone="error">{getErrorMessage(error, `The ${what} could not be loaded.`)}</Banner>
        <Button onClick={onRetry}>Try again</Button>
      </ErrorBox>
    );
  }
  if (isEmpty) return <EmptyState {...empty} />;
  return <>{children}</>;
}
