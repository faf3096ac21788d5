import { useDeferredValue, useEffect } from 'react';

/** Set once the visit's first screen has rendered its deferred part: later pages render whole at once. */
let firstScreenDone = false;

/**
 * Every page renders whole at once, the first one included: on the shell's server (a crawler reads
 * the whole page) and in a browser hydrating that server's HTML (its first render must be the same).
 */
export function renderWholePages(): void {
  firstScreenDone = true;
}

/**
 * False in the first render of the visit's first screen, true in a second render React starts once
 * that screen is committed (at transition priority, in slices): what lies below the fold (the home
 * page's rails, a list's cards past the first screen, the footer) renders after the largest paint
 * instead of before it (issue 10). Meanwhile the caller shows a placeholder of its size, or the part
 * is below a screen-tall area (the footer), so nothing moves. On any later page it is true at once.
 */
export function useAfterFirstScreen(): boolean {
  const later = useDeferredValue(true, firstScreenDone ? undefined : false);
  useEffect(() => {
    if (later) firstScreenDone = true;
  }, [later]);
  return later;
}
