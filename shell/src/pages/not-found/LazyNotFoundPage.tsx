import { lazy, Suspense } from 'react';
import { LoadingPage } from '../loading/LoadingPage';

const NotFoundPage = lazy(async () => ({ default: (await import('./NotFoundPage')).NotFoundPage }));

/** The 404 page, loaded only when a path is unknown: it is not part of the first paint. */
export function LazyNotFoundPage() {
  return (
    <Suspense fallback={<LoadingPage />}>
      <NotFoundPage />
    </Suspense>
  );
}
