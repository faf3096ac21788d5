import { lazy, Suspense } from 'react';
import { LoadingPage } from '../loading/LoadingPage';
import { errorCopy } from './errorTypes';
import type { ErrorPageProps } from './ErrorPage';

/**
 * What shows when the error page's own chunk cannot be fetched (the store's server unreachable, the
 * shopper offline): the network copy and a reload, in plain markup that needs nothing more to load.
 */
export function OfflineErrorPage() {
  const copy = errorCopy.network;
  return (
    <main role="alert" style={{ maxWidth: '40rem', margin: '0 auto', padding: '3rem 1.5rem', textAlign: 'center' }}>
      <h1>{copy.title}</h1>
      <p>{copy.description}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </main>
  );
}

const ErrorPage = lazy(() =>
  import('./ErrorPage').then(
    (module) => ({ default: module.ErrorPage }),
    () => ({ default: OfflineErrorPage }),
  ),
);

/**
 * The error page, loaded only when a screen fails: it is not part of the first paint (issue 10). Should
 * its chunk fail too, `OfflineErrorPage` stands in, so a failure never leaves an empty window.
 */
export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
