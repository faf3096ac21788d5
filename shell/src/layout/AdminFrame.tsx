import { RemoteView } from '../app/remotes/RemoteView';
import { adminRoute } from '../app/remotes/earlyRemote';
import { usePageFrame } from './usePageFrame';

/**
 * `/admin/*` outside the storefront frame: the admin remote draws its own layout. The shell keeps
 * what every page needs (a flash message from a full redirect, scrolling to the top on a new page).
 */
export function AdminFrame() {
  usePageFrame();
  return <RemoteView remote={adminRoute.remote} view={adminRoute.view} />;
}
