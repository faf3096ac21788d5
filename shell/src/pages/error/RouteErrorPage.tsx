import { isRouteErrorResponse, useRouteError } from '@store/router';
import { LazyNotFoundPage } from '../not-found/LazyNotFoundPage';
import { ErrorPage } from './ErrorPage';

/** Route errors show the generic error page (a 404 response shows the 404 page). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <LazyNotFoundPage />;
    return <ErrorPage statusCode={error.status} error={error.data} />;
  }
  return <ErrorPage type="general" error={error} />;
}
