import { useCallback } from 'react';
import { useSearchParams } from '@store/router';

/**
 * A list's filters, sort and page live in the address, so a filtered view can be bookmarked, shared
 * and restored with Back. Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = useCallback(
    (changes: Partial<Record<K | 'page', string | number | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return { values, page, update };
}

/** The query the API takes: the non-empty values only. */
export function compact<T extends Record<string, string | number | undefined>>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
