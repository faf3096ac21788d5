import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '@store/http';
import { categoriesQuery } from '@store/shopper';
import { App } from './app/App';
import { routeView } from './app/remotes/earlyRemote';
import { preloadRemoteView } from './app/remotes/loadRemoteView';
import { startRemotes } from './app/remotes/remoteModules';

async function start() {
  // The frame's Categories menu, the home page's tiles and the list's filter all show the categories:
  // asked for now, in parallel with the remote's code, they are there when those first render
  // (nothing then grows under the reader's eyes).
  void queryClient.prefetchQuery(categoriesQuery);
  // Remote URLs are read at start-up, not compiled in: a team releases by changing /remotes.json.
  await startRemotes();
  // The page's view loads while React renders the frame, not once the render reaches it.
  const route = routeView(location.pathname);
  if (route) preloadRemoteView(route.remote, route.view);
  const root = document.getElementById('root');
  // A transition: React renders the first screen in slices of a few ms and lets the browser work in
  // between, instead of one long task (about 200 ms at 4x CPU slowdown; issue 10's TBT).
  if (root) startTransition(() => createRoot(root).render(<App />));
}

void start();
