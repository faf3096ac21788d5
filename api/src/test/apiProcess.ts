import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const apiRoot = path.resolve(__dirname, '..', '..');

/** A real API process (`node --import tsx src/server.ts`), as `npm start` runs it, for tests that need a second process. */
export interface ApiProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves with the base URL once it listens, or rejects with its output if it exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code (or signal) when it ends. */
  exited: Promise<number | string>;
}

export function startApiProcess(env: Record<string, string>): ApiProcess {
  // node itself (tsx as a loader, not its CLI wrapper): the child's PID is the server's, signals reach it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /API listening on (http:\/\/[^\s/]+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`API process exited (${code}) before listening:\n${out}`)));
  });
  listening.catch(() => undefined);
  return { child, pid: child.pid!, output: () => out, listening, exited };
}

/** Stops it with SIGTERM (graceful) and waits. */
export async function stopApiProcess(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}
