import { hydrate, queryClient, type DehydratedState } from '@store/http';
import { renderWholePages } from '@store/ui';

/** The id of the data block in which the shell's server sends the query cache it rendered with. */
export const SERVER_STATE_ID = 'store-state';

/** What the shell's server sends in a page it rendered. */
export interface ServerState {
  queries: DehydratedState;
  /** The path a remote answered 404 for: the 404 page is drawn there (RemoteView). */
  notFoundAt?: string;
}

/**
 * A page the shell's server rendered (issue 30): its query cache is taken into the page's before the
 * first render, so no query it answered is asked again, and every page renders whole (as the server
 * did), so the browser's first render is the server's markup. Null for a page rendered here.
 */
export function takeServerState(doc: Document = document): Omit<ServerState, 'queries'> | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as ServerState;
    // Current as of this response (a kept page is served only while the catalogue's version is the
    // one it was rendered with): fresh from now, so no query asks again for what the page holds.
    const now = Date.now();
    for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state.queries);
    renderWholePages();
    return { notFoundAt: state.notFoundAt };
  } catch {
    return null;
  }
}
