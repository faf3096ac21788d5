import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from '@store/router';
import { LazyNotFoundPage } from '../not-found/LazyNotFoundPage';
import { LazyErrorPage } from './LazyErrorPage';

/** An error that carries an HTTP status (`{ status, data }`, as a route's data call may throw). */
function statusOf(error: unknown): { status: number; data?: unknown } | null {
  if (!error || typeof error !== 'object' || !('status' in error)) return null;
  const { status, data } = error as { status: unknown; data?: unknown };
  return typeof status === 'number' ? { status, data } : null;
}

/** Route errors show the generic error page (a 404 status shows the 404 page). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const response = statusOf(error);
  if (response) {
    if (response.status === 404) return <LazyNotFoundPage />;
    return <LazyErrorPage statusCode={response.status} error={response.data} />;
  }
  return <LazyErrorPage type="general" error={error} />;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; at: string | null }> {
  override state: { error: unknown; at: string | null } = { error: null, at: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at: string | null }) {
    // Navigating away from the failed page gives the next one a fresh start.
    if (state.error && state.at !== null && state.at !== props.pathname) return { error: null, at: null };
    if (state.error && state.at === null) return { at: props.pathname };
    return null;
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] route failed', error, info.componentStack);
  }
  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The routes' error boundary: a screen that throws shows the error page in its place; the next
 * navigation renders normally again. (The declarative router has no errorElement; see
 * packages/router/README.md for why the store uses it.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
