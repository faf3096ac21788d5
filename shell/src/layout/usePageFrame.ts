import { useEffect } from 'react';
import { useLocation } from '@store/router';
import { consumeFlashMessage } from '@store/http';
import { toast } from '@store/ui';

/**
 * What every page of the shell needs, in the storefront's frame or the admin's: the flash message a
 * full redirect left (shown once, as a toast), and a new page starting at the top.
 */
export function usePageFrame() {
  useEffect(() => {
    const flash = consumeFlashMessage();
    if (flash) (flash.type === 'error' ? toast.error : toast.success)(flash.message);
  }, []);
  const { pathname } = useLocation();
  // A block body: Chromium's scrollTo returns a Promise, which React must not get as a clean-up.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
}
