// The store the benchmarks measure: started as `npm start` serves it (no install, no build), on its
// own port and a fresh data folder, stopped when the script exits.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts the store on `port` with its data in `dataDir`; resolves once the API and the shell answer. */
export async function startStore(port, dataDir) {
  const base = `http://localhost:${port}`;
  const server = spawn('node', [path.join(root, 'scripts/start.mjs'), '--no-install', '--no-build'], {
    env: { ...process.env, STORE_PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok && (await fetch(`${base}/`)).ok) return { base, stop };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error('store did not start');
}
