import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is an embedded database: two processes on one folder each keep their own copy in memory and
 * overwrite each other's files, losing acknowledged writes. This lock file makes the folder
 * single-writer: `DATA_DIR/pglite.lock` holds the owner's PID, host and start time. A second process
 * refuses to start; a lock left by a killed process (its PID gone, or reused by a process that started
 * later) is taken over.
 */
export const LOCK_FILE = 'pglite.lock';

export interface LockOwner {
  pid: number;
  host: string;
  /** When the owning process started (ms since the epoch). */
  startedAt: number;
  /** The owner's start time as the kernel knows it (Linux: /proc/<pid>/stat field 22), to tell PID reuse. */
  procStart?: string;
  dataDir: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${owner.pid} on ${owner.host} ` +
        `(started ${new Date(owner.startedAt).toISOString()}). Only one API process can use a PGlite data folder: ` +
        `stop that process, or give this one another DATA_DIR (or a DATABASE_URL to share a PostgreSQL server).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Linux: the process's start time in clock ticks since boot; undefined elsewhere or if it is gone. */
function procStartOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's owner still runs. A lock from another host cannot be checked: it counts as held. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return true;
  if (!pidAlive(owner.pid)) return false;
  // The PID exists: is it still the same process, or was the number reused after a crash?
  const now = procStartOf(owner.pid);
  return !(owner.procStart && now && now !== owner.procStart);
}

export function readLock(dataDir: string): LockOwner | undefined {
  const text = readLockText(path.join(dataDir, LOCK_FILE));
  return text === undefined ? undefined : parseOwner(text);
}

export interface DataDirLock {
  release(): void;
}

/** Blocks this thread for `ms` (the lock is taken synchronously, before the database opens). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How long a start waits for another process's takeover of a stale lock to finish. */
const TAKEOVER_WAIT_MS = 3000;

/**
 * Takes the folder's lock or throws DataDirLockedError naming the process that holds it.
 *
 * The lock file appears whole or not at all: the owner is written to a file of this process's own
 * first, then hard-linked to `pglite.lock` (link fails if the name exists, atomically). Created in
 * place with `wx` and written after, it could be read empty by a process starting at the same
 * instant, judged stale and taken over: two holders (issue 32).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    procStart: procStartOf(process.pid),
    dataDir,
  };
  const body = `${JSON.stringify(me, null, 2)}\n`;
  const draft = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(draft, body, { flag: 'wx', mode: 0o644 });
  try {
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    for (;;) {
      try {
        fs.linkSync(draft, file);
        return ownLock(file, body);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readLockText(file);
      if (current === undefined) continue; // removed meanwhile: try again at once
      const owner = parseOwner(current);
      if (owner && ownerAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      // Stale. Only one process at a time may remove it, and only if it is still that same file.
      if (!takeOverStale(file, current)) {
        if (Date.now() > deadline) {
          throw owner ? new DataDirLockedError(dataDir, owner) : new Error(`Could not lock ${file}`);
        }
        pause(10);
      }
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readLockText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined; // unreadable: written by a crash of an older version mid-write (stale)
  }
}

/**
 * Removes the stale lock whose text is `stale`, inside a mkdir-guarded section (one process at a
 * time) that re-reads it first: a lock another process has taken meanwhile is left alone. Answers
 * whether this call did the check (false: another process holds the guard; wait and look again).
 */
function takeOverStale(file: string, stale: string): boolean {
  const guard = `${file}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch {
    // Someone else is taking over (microseconds); a guard older than 2 s was left by a crash.
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > 2000) fs.rmdirSync(guard);
    } catch {
      // gone already
    }
    return false;
  }
  try {
    if (readLockText(file) === stale) fs.unlinkSync(file);
    return true;
  } finally {
    fs.rmdirSync(guard);
  }
}

function ownLock(file: string, body: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      // Only remove it if it is still ours.
      if (fs.readFileSync(file, 'utf8') === body) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
  // A process that exits without closing the database (an uncaught error) still frees the folder.
  process.on('exit', release);
  return { release };
}
