import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { ErrorPage } from './ErrorPage';

/** Route errors show the generic error page (a 404 response shows the 404 page). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage statusCode={error.status} error={error.data} />;
  }
  return <ErrorPage type="general" error={error} />;
}
