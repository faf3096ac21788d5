import { useEffect } from 'react';
import { useLocation } from '@store/router';
import { consumeFlashMessage } from '@store/http';
import { RemoteView } from '../app/remotes/RemoteView';
import { toast } from '@store/ui';

/**
 * `/admin/*` outside the storefront frame: the admin remote draws its own layout. The shell keeps
 * what every page needs (a flash message from a full redirect, scrolling to the top on a new page).
 */
export function AdminFrame() {
  useEffect(() => {
    const flash = consumeFlashMessage();
    if (flash) (flash.type === 'error' ? toast.error : toast.success)(flash.message);
  }, []);
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return <RemoteView remote="admin" view="Admin" />;
}
