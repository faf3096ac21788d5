import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Banner, Button, Panel } from '@store/ui';
import { createErrorId, errorCopy, typeForStatus, type ErrorType } from './errorTypes';

export type { ErrorType } from './errorTypes';

/** SPEC.md section 9: copy confirmation 2 s, simulated retry 2 s with about 70% success. */
export const COPY_CONFIRMATION_MS = 2000;
export const RETRY_WAIT_MS = 2000;
export const RETRY_SUCCESS_RATE = 0.7;

const Page = styled(Panel)`
  max-width: 44rem;
  margin: ${({ theme }) => theme.space[8]} auto;
  padding: ${({ theme }) => theme.space[8]};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    margin: ${({ theme }) => theme.space[6]} 0 ${({ theme }) => theme.space[2]};
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Subtitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
`;
const IdRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
const RetryFailed = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[6]};
`;
const Details = styled.details`
  margin-top: ${({ theme }) => theme.space[6]};
  pre {
    white-space: pre-wrap;
    word-break: break-word;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.md};
    max-height: 16rem;
    overflow: auto;
  }
`;
const LinkRow = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  if (error === undefined) return 'No further details.';
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

export interface ErrorPageProps {
  type?: ErrorType;
  error?: unknown;
  statusCode?: number;
}

export function ErrorPage({ type, error, statusCode }: ErrorPageProps) {
  const kind = type ?? typeForStatus(statusCode);
  const copy = errorCopy[kind];
  const errorId = useMemo(() => createErrorId(), []);
  const [copied, setCopied] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [retryFailed, setRetryFailed] = useState(false);
  const timers = useRef<number[]>([]);
  const copiedTimer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      window.clearTimeout(copiedTimer.current);
    },
    [],
  );

  const copyId = async () => {
    try {
      await navigator.clipboard?.writeText(errorId);
    } catch {
      // The confirmation still tells the user the ID; some browsers refuse clipboard access.
    }
    setCopied(true);
    // Each copy shows the confirmation for the full 2 s, counted from the latest click.
    window.clearTimeout(copiedTimer.current);
    copiedTimer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  const retry = () => {
    setRetrying(true);
    setRetryFailed(false);
    // SPEC.md: the retry is simulated: wait 2 s, reload with about 70% chance.
    timers.current.push(
      window.setTimeout(() => {
        if (Math.random() < RETRY_SUCCESS_RATE) {
          window.location.reload();
        } else {
          setRetrying(false);
          setRetryFailed(true);
        }
      }, RETRY_WAIT_MS),
    );
  };

  const subject = encodeURIComponent(`Error report ${errorId}`);
  return (
    <Page data-boundary="shell" data-error-type={kind} aria-labelledby="error-title">
      <h1 id="error-title">{copy.title}</h1>
      <Subtitle>
        {copy.subtitle}
        {statusCode ? ` (${statusCode})` : ''}
      </Subtitle>
      <p>{copy.description}</p>
      <h2>What you can do</h2>
      <ul>
        {copy.suggestions.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <IdRow>
        <span>Error ID:</span>
        <code>{errorId}</code>
        <Button $size="sm" onClick={copyId} aria-live="polite">
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </IdRow>
      {retryFailed && (
        <RetryFailed>
          <Banner tone="error">The retry did not work. Please try again in a moment.</Banner>
        </RetryFailed>
      )}
      <Actions>
        <Button $variant="primary" onClick={retry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Try Again'}
        </Button>
        <Button onClick={() => window.history.back()}>Go Back</Button>
        <Button as="a" href="/">
          Homepage
        </Button>
      </Actions>
      <Details>
        <summary>Technical details</summary>
        <pre>{`Error ID: ${errorId}\nType: ${kind}\nStatus: ${statusCode ?? 'n/a'}\nURL: ${typeof window === 'undefined' ? '' : window.location.href}\nTime: ${new Date().toISOString()}\n\n${describe(error)}`}</pre>
      </Details>
      <LinkRow aria-label="Get help">
        <a href={`mailto:support@store.example?subject=${subject}&body=${encodeURIComponent(`Error ID: ${errorId}`)}`}>
          Report
        </a>
        <a href="/contact">Contact Support</a>
        <a href="/help">Help Center</a>
        <a href="/status">Status Page</a>
      </LinkRow>
    </Page>
  );
}
