import { useEffect } from 'react';

export const STORE_NAME = 'Store';

/** Sets the window's title for a page: 'Modern Recycled Sneakers · Store'; no title means the store's name. */
export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.title = title ? `${title} · ${STORE_NAME}` : STORE_NAME;
  }, [title]);
}
