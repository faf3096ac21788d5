import { hydrate, queryClient } from '@store/http';
import { renderWholePages } from '@store/ui';

/** The id of the data block in which the shell's server sends the query cache it rendered with. */
export const SERVER_STATE_ID = 'store-state';

/**
 * A page the shell's server rendered (issue 30): its query cache is taken into the page's before the
 * first render, so no query it answered is asked again, and every page renders whole (as the server
 * did), so the browser's first render is the server's markup. False for a page rendered here.
 */
export function takeServerState(doc: Document = document): boolean {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return false;
  try {
    hydrate(queryClient, JSON.parse(text));
  } catch {
    return false;
  }
  renderWholePages();
  return true;
}
