import { useState } from 'react';

/**
 * A list's search box: typed freely, sent on submit, and following the address when that changes
 * (Back, a link, "Clear filters").
 */
export function useSearchDraft(committed: string) {
  const [draft, setDraft] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (shown !== committed) {
    setShown(committed);
    setDraft(committed);
  }
  return [draft, setDraft] as const;
}
