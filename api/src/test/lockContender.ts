/**
 * One contender for a PGlite data-folder lock, driven by dataLock.test.ts over IPC: at the instant
 * it is told (`{ go: epochMs, dataDir }`) it takes the lock, reports whether it holds it, and frees
 * it when told (`{ release: true }`). Several of these race for one folder, many rounds in a row.
 */
import { lockDataDir, type DataDirLock } from '../db/dataLock';

let held: DataDirLock | undefined;

process.on('message', (message: { go?: number; dataDir?: string; release?: boolean; exit?: boolean }) => {
  if (message.exit) process.exit(0);
  if (message.release) {
    held?.release();
    held = undefined;
    process.send!({ released: true });
    return;
  }
  if (message.go !== undefined && message.dataDir) {
    // Spin, not a timer: every contender leaves this loop within microseconds of the others.
    while (Date.now() < message.go) {
      // waiting for the instant
    }
    try {
      held = lockDataDir(message.dataDir);
      process.send!({ held: true });
    } catch (error) {
      process.send!({ held: false, error: (error as Error).message });
    }
  }
});
process.send!({ ready: true });
