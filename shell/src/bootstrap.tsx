import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchRemotesConfig } from './app/remotes/remotesConfig';
import { registerRemotesConfig } from './app/remotes/loadRemoteView';

async function start() {
  // Remote URLs are read at start-up, not compiled in: a team releases by changing /remotes.json.
  registerRemotesConfig(await fetchRemotesConfig());
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

void start();
