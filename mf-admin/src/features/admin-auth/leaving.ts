import { useCallback, useEffect, useRef, useState } from 'react';
import { leaveBy, useHistoryBlocker, useNavigate } from '@store/router';

/**
 * Set while an admin logs out: the navigation to / renders in a transition, after the session
 * store's synchronous sign-out, so for a moment the admin screens see a signed-out visitor. The guard
 * then draws nothing instead of redirecting to the admin login; it clears the flag when it unmounts.
 */
let leaving = false;

export const leaveAdminArea = () => {
  leaving = true;
};
export const isLeavingAdminArea = () => leaving;
export const stayInAdminArea = () => {
  leaving = false;
};

/** Where an admin who answers 'leave' goes: a path, or steps through the tab's history (Back/Forward). */
type Destination = { to: string } | { steps: number };

/**
 * Asks before leaving a form with unsaved changes. The store's router is a declarative BrowserRouter
 * (no data router, so no useBlocker): closing or reloading the tab gets the browser's own question
 * (beforeunload), and in-app links (the side navigation, breadcrumbs, any <a> of this origin) are
 * caught in the capture phase, before React Router handles them, and wait for the admin's answer.
 * The browser's Back and Forward buttons are held by the router package's `useHistoryBlocker` and
 * wait for the same answer. `leave(to)` is the form's own way out (Cancel) through the same question.
 */
export function useLeaveGuard(when: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Destination | null>(null);
  const active = useRef(when);
  active.current = when;

  useEffect(() => {
    if (!when) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!active.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) {
        return;
      }
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [when]);
  useHistoryBlocker(when, (steps) => setPending({ steps }));

  /** Leaves at once when nothing is unsaved, else asks first. */
  const leave = useCallback(
    (to: string) => {
      if (active.current) setPending({ to });
      else navigate(to);
    },
    [navigate],
  );
  const stay = useCallback(() => setPending(null), []);
  const confirmLeave = useCallback(() => {
    const destination = pending;
    active.current = false;
    setPending(null);
    if (!destination) return;
    if ('to' in destination) navigate(destination.to);
    else leaveBy(destination.steps);
  }, [navigate, pending]);

  return { asking: pending !== null, leave, stay, confirmLeave };
}
