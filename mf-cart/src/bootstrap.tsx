import { createRoot } from 'react-dom/client';
import StandaloneApp from './standalone/StandaloneApp';

// The team's standalone page: the remote's screens without the shell.
const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp />);
