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
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError naming the process that holds it. */
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

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx', mode: 0o644 });
      return ownLock(file, body);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readLock(dataDir);
    if (owner && ownerAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    takeOverStale(file, owner);
  }
  const owner = readLock(dataDir);
  throw owner ? new DataDirLockedError(dataDir, owner) : new Error(`Could not lock ${file}`);
}

/**
 * Removes a stale lock. Two processes starting at once after a crash could both see it stale; the
 * removal happens inside a mkdir-guarded section that re-reads the file, so only the stale one goes.
 */
function takeOverStale(file: string, stale: LockOwner | undefined) {
  const guard = `${file}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch {
    // Someone else is taking over; a guard older than 10 s was left by a crash mid-takeover.
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > 10_000) fs.rmdirSync(guard);
    } catch {
      // gone already
    }
    return;
  }
  try {
    let current: string | undefined;
    try {
      current = fs.readFileSync(file, 'utf8');
    } catch {
      return; // already removed
    }
    let parsed: LockOwner | undefined;
    try {
      parsed = JSON.parse(current) as LockOwner;
    } catch {
      parsed = undefined; // unreadable (a crash while writing it): stale
    }
    const same = !parsed || (stale && parsed.pid === stale.pid && parsed.startedAt === stale.startedAt);
    if (same && !(parsed && ownerAlive(parsed))) fs.unlinkSync(file);
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
