import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '@store/http';
import { categoriesQuery, startCart } from '@store/shopper';
import { App } from './app/App';
import { routeView } from './app/remotes/earlyRemote';
import { preloadRemoteView } from './app/remotes/loadRemoteView';
import { startRemotes } from './app/remotes/remoteModules';
import { ServerViewsContext } from './app/remotes/RemoteView';
import { takeServerState } from './app/serverState';

async function start() {
  // A page the shell's server rendered: its data is here already, and the browser hydrates its HTML.
  const serverRendered = takeServerState();
  // The frame's Categories menu, the home page's tiles and the list's filter all show the categories:
  // asked for now, in parallel with the remote's code, they are there when those first render
  // (nothing then grows under the reader's eyes).
  void queryClient.prefetchQuery(categoriesQuery);
  // Signed in, the top bar's cart count, the frame's profile and the cart and account pages all read
  // `users/me`: asked for now, not once the first render reaches them.
  void startCart();
  // Remote URLs are read at start-up, not compiled in: a team releases by changing /remotes.json.
  await startRemotes();
  // The page's view loads while React renders the frame, not once the render reaches it.
  const route = routeView(location.pathname);
  if (route) {
    const view = preloadRemoteView(route.remote, route.view).catch(() => {}); // its notice shows when it renders
    // Server HTML is on the screen meanwhile: hydrate once the view is there (one pass, no fallback).
    // Otherwise the first screen shows the page itself when it comes within a moment: a loading state
    // committed first would hold the page back 300 ms more (React throttles a Suspense boundary's reveal).
    await (serverRendered ? view : Promise.race([view, new Promise((r) => setTimeout(r, 500))]));
  }
  const root = document.getElementById('root');
  if (!root) return;
  // A transition: React renders (or hydrates) the first screen in slices of a few ms and lets the
  // browser work in between, instead of one long task (about 200 ms at 4x CPU slowdown; issue 10's TBT).
  startTransition(() => {
    if (serverRendered) {
      hydrateRoot(
        root,
        <ServerViewsContext.Provider value={serverRendered}>
          <App onHydrated={() => root.removeAttribute('data-hydrating')} />
        </ServerViewsContext.Provider>,
      );
    } else createRoot(root).render(<App />);
  });
}

void start();
