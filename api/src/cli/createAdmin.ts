// pnpm --filter api create-admin (or node api/dist/create-admin.js): creates an administrator on the
// database the API is configured for (the same environment: DATABASE_URL, or DATA_DIR for the embedded
// database). Reads ADMIN_EMAIL and ADMIN_PASSWORD from the environment, or asks for them on a terminal
// (the password without echo, twice). The password follows the sign-up rules.
import readline from 'node:readline/promises';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, ownerAlive, readLock } from '../db/dataLock';
import { createAdmin } from '../modules/auth/createAdmin';

async function askLine(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Reads a line without echoing it (raw terminal mode). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    // Echo off before the prompt shows: a password typed ahead must not appear either.
    stdin.setRawMode(true);
    process.stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.resume();
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The embedded database has one writer: a running store must stop while the command runs. */
function storeRunningMessage(dataDir: string, pid: number, host: string) {
  return (
    `the store is running on ${dataDir} (API process ${pid} on ${host}). The embedded database has one ` +
    `writer: stop the store, run create-admin, then start the store again.`
  );
}

async function main() {
  // The command signs nothing: a placeholder secret keeps loadConfig from requiring JWT_SECRET
  // (production on PostgreSQL) or writing DATA_DIR/jwt-secret.
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'create-admin-signs-no-tokens-'.repeat(2),
  });
  if (!config.databaseUrl) {
    // Say so before asking for anything.
    const owner = readLock(config.dataDir);
    if (owner && ownerAlive(owner)) throw new Error(storeRunningMessage(config.dataDir, owner.pid, owner.host));
  }

  let email = process.env.ADMIN_EMAIL?.trim();
  let password = process.env.ADMIN_PASSWORD;
  if (!email || !password) {
    if (!process.stdin.isTTY) throw new Error('set ADMIN_EMAIL and ADMIN_PASSWORD (there is no terminal to ask on)');
    email ||= await askLine('Admin e-mail: ');
    if (!password) {
      password = await askHidden('Admin password (8+ characters, upper and lower case and a digit): ');
      if ((await askHidden('The same password again: ')) !== password) throw new Error('the passwords do not match');
    }
  }

  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new Error(storeRunningMessage(error.dataDir, error.owner.pid, error.owner.host));
    throw error;
  }
  try {
    // A fresh database gets its tables first (never demo data).
    await database.exclusive(() => database.migrate());
    const admin = await createAdmin(database.db, { email, password });
    console.log(`Administrator ${admin.email} created (id ${admin.id}). Sign in at /admin/auth/login.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`create-admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
