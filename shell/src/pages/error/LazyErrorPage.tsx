import { lazy, Suspense } from 'react';
import { LoadingPage } from '../loading/LoadingPage';
import type { ErrorPageProps } from './ErrorPage';

const ErrorPage = lazy(async () => ({ default: (await import('./ErrorPage')).ErrorPage }));

/** The error page, loaded only when a screen fails: it is not part of the first paint (issue 10). */
export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
