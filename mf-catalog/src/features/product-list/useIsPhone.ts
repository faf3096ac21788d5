import { useEffect, useState } from 'react';
import { theme } from '@store/ui';

/** The width where the shell shows its own search box and the list's filters move into a sheet. */
export const PHONE_QUERY = `(max-width: ${theme.breakpoints.md})`;

const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** True on a phone-sized window; follows rotation and resizing. */
export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(PHONE_QUERY);
    const update = () => setPhone(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return phone;
}
