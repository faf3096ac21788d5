import { createRoot } from 'react-dom/client';
import { queryClient, queryKeys } from '@store/http';
import { getCategories } from '@store/shop';
import { App } from './app/App';
import { startRemotes } from './app/remotes/remoteModules';

async function start() {
  // The frame's Categories menu, the home page's tiles and the list's filter all show the categories:
  // asked for now, in parallel with the remote's code, they are there when those first render
  // (nothing then grows under the reader's eyes).
  void queryClient.prefetchQuery({ queryKey: queryKeys.categories, queryFn: getCategories, staleTime: 300_000 });
  // Remote URLs are read at start-up, not compiled in: a team releases by changing /remotes.json.
  await startRemotes();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

void start();
