import { useSyncExternalStore } from 'react';
import { theme } from '@store/ui';

/** The width where the shell shows its own search box and the list's filters move into a sheet. */
export const PHONE_QUERY = `(max-width: ${theme.breakpoints.md})`;

const phoneList = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const list = phoneList();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True on a phone-sized window; follows rotation and resizing. A server render (which knows no
 * window) and the browser's hydration of it say false, then the browser's own answer follows.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneList()?.matches ?? false,
    () => false,
  );
}
