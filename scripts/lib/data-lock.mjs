// The API's single-writer lock on its embedded database folder (api/src/db/dataLock.ts writes it):
// read here so `npm start` says at once that a store already runs on this DATA_DIR, before building.
// The API links the lock into place whole (never created empty and written after), so a read sees
// either no lock or a complete one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The live process holding DATA_DIR's lock, or undefined (no lock, or one left by a killed process). */
export function dataDirOwner(dataDir) {
  let owner;
  try {
    owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof owner.pid !== 'number') return undefined;
  if (owner.host !== os.hostname()) return owner;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return undefined;
  }
  try {
    const stat = fs.readFileSync(`/proc/${owner.pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    if (owner.procStart && start && start !== owner.procStart) return undefined; // PID reused
  } catch {
    // not Linux: the PID alone decides
  }
  return owner;
}
