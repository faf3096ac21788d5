import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

export function log(message) {
  process.stdout.write(`\x1b[36m[store]\x1b[0m ${message}\n`);
}

/** Runs a command to completion, inheriting stdio; throws with its exit code on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

export function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const PNPM_VERSION = '12.21.0';

/** A fresh machine has only Node and npm: install pnpm (globally, as the machine's npm allows). */
export function ensurePnpm() {
  if (has('pnpm')) return;
  log(`installing pnpm ${PNPM_VERSION} with npm`);
  run('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${PNPM_VERSION}`]);
}

export function installDependencies() {
  log('installing dependencies (pnpm install --frozen-lockfile)');
  run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], { env: { ...process.env, CI: 'true' } });
}

/** Starts a long-running child; it dies with us. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return child;
}

export function exists(relative) {
  return fs.existsSync(path.join(root, relative));
}

/** Runs commands at the same time, inheriting stdio; resolves when all succeed, throws after all end if one failed. */
export async function runTogether(commands, options = {}) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
          child.once('error', (error) => resolve({ command, args, error }));
          child.once('exit', (status) => resolve({ command, args, status }));
        }),
    ),
  );
  const failed = results.find((r) => r.error || r.status !== 0);
  if (failed) {
    if (failed.error) throw failed.error;
    const error = new Error(`${failed.command} ${failed.args.join(' ')} exited with ${failed.status}`);
    error.exitCode = failed.status ?? 1;
    throw error;
  }
}
