import {
  Component,
  createContext,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName, RemoteViewName, RemoteViewProps } from '@store/contracts';
import { useLocation } from '@store/router';
import { LazyNotFoundPage } from '../../pages/not-found/LazyNotFoundPage';
import { LoadingPage, type LoadingVariant } from '../../pages/loading/LoadingPage';
import { LazyErrorPage } from '../../pages/error/LazyErrorPage';
import { forgetRemoteView, getRemoteView, RemoteLoadError } from './loadRemoteView';
import { reportRenderError } from './remoteModules';
import { RemoteUnavailable } from './RemoteUnavailable';

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** A view that threw while rendering (not a remote that failed to load, reported by the runtime plugin). */
  onRenderError?: () => void;
}

class RemoteBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] remote view failed', error, info.componentStack);
    if (!(error instanceof RemoteLoadError)) this.props.onRenderError?.();
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * What a server-rendered page was drawn with. `views`: the views a server render mounts (`remote/view`
 * → the view of the visitor's build, from its server container), per request, since two visitors may
 * be on two builds of one remote at once. `notFoundAt`: the path the remote answered 404 for (an
 * unknown product): the 404 page is drawn there by the server and by the browser hydrating it.
 */
export interface ServerPageViews {
  views?: ReadonlyMap<string, ComponentType<RemoteViewProps>>;
  notFoundAt?: string;
}
export const ServerViewsContext = createContext<ServerPageViews | null>(null);

const NotFoundView = ({ notFound }: RemoteViewProps) => <>{notFound}</>;

export interface RemoteViewMountProps<R extends RemoteName> {
  remote: R;
  /** One of the views the remote exposes (RemoteViewNames in @store/contracts). */
  view: RemoteViewName<R>;
  loading?: LoadingVariant;
}

/**
 * Mounts a view a remote exposes through `./routes`. A remote that cannot be loaded shows an
 * in-page fallback with a retry; the frame and the other remotes keep working.
 */
export function RemoteView<R extends RemoteName>({ remote, view, loading = 'general' }: RemoteViewMountProps<R>) {
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerViewsContext);
  const { pathname } = useLocation();
  const View =
    server?.notFoundAt === pathname
      ? NotFoundView
      : (server?.views?.get(`${remote}/${view}`) ?? getRemoteView(remote, view));
  const retry = () => {
    forgetRemoteView(remote, view);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteBoundary
      key={`${remote}/${view}/${attempt}`}
      onRenderError={() => reportRenderError(remote)}
      fallback={(error) =>
        error instanceof RemoteLoadError ? (
          <RemoteUnavailable remote={remote} onRetry={retry} />
        ) : (
          <LazyErrorPage type="general" error={error} />
        )
      }
    >
      <Suspense fallback={<LoadingPage variant={loading} />}>
        <View notFound={<LazyNotFoundPage />} />
      </Suspense>
    </RemoteBoundary>
  );
}
