// The processes of the run: what it started and stops, the commands it runs beside the cluster, and
// what a frozen process holds.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { dbName, log, pg, pgServer, sleep } from './suite.mjs';

// Everything this run starts is stopped and its database dropped on every way out: the end, a
// failure, Ctrl-C, or the watchdog (the suite stops by itself, whatever hangs).
export const running = { cluster: null, proxies: [], db: null, children: new Set(), browser: null };
let tornDown = null;
export function teardown() {
  tornDown ??= (async () => {
    for (const child of running.children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await running.browser?.close().catch(() => undefined);
    await running.cluster?.stop().catch((error) => log(`stopping the cluster: ${error.message}`));
    for (const proxy of running.proxies) await proxy.close().catch(() => undefined);
    await running.db?.end().catch(() => undefined);
    const cleanup = new pg.Client({ connectionString: pgServer.toString() });
    try {
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    } catch (error) {
      log(`could not drop ${dbName}: ${error.message}`);
    } finally {
      await cleanup.end().catch(() => undefined);
    }
  })();
  return tornDown;
}

/** Runs a command to completion without blocking this process; resolves { status, stdout, stderr }. */
export function runChild(command, argv, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      stderr += `\nstopped after ${timeoutMs / 1000} s`;
      try {
        process.kill(-child.pid, 'SIGKILL'); // its own process group: pnpm and jest
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ status: 1, stdout, stderr: `${stderr}\n${error.message}` });
    });
    child.on('close', (code) => {
      running.children.delete(child);
      clearTimeout(timer);
      resolve({ status: code ?? 1, stdout, stderr });
    });
  });
}

/**
 * Connections to a local port holding bytes its process has not read (from /proc/net/tcp: established,
 * receive queue not empty): requests that reached a frozen process, accepted by it or still in its
 * listen queue.
 */
export function unreadRequests(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const table = fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  return table.filter((line) => {
    const cols = line.trim().split(/\s+/);
    return cols[1]?.endsWith(`:${hex}`) && cols[3] === '01' && parseInt(cols[4]?.split(':')[1] ?? '0', 16) > 0;
  }).length;
}

/** Resolves with `probe()`'s first non-null value, asked every 50 ms; null after `ms`. */
export async function pollUntil(probe, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await sleep(50);
  }
  return null;
}
