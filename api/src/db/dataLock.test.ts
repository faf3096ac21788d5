import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiProcess, startApiProcess, stopApiProcess } from '../test/apiProcess';
import { LOCK_FILE, lockDataDir, readLock } from './dataLock';

/** Any free port: engineers and CI runs share the machine (the URL comes from the process's log). */
const PORT_A = 0;
const PORT_B = 0;
const PORT_C = 0;

async function register(base: string) {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `lock-${tag}@example.com`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Lock',
      last_name: 'Test',
      username: `lock${tag}`,
      email,
      password: 'Passw0rdX',
    }),
  });
  expect(res.status).toBe(201);
  return email;
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Passw0rdX' }),
  });
  return res.status;
}

describe('the embedded PGlite folder has a single writer', () => {
  let dataDir: string;
  const running: ApiProcess[] = [];

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
  });

  afterAll(async () => {
    for (const api of running) await stopApiProcess(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second API process on the same folder, naming the folder and the first process', async () => {
    const first = startApiProcess({ DATA_DIR: dataDir, PORT: String(PORT_A) });
    running.push(first);
    const base = await first.listening;
    const email = await register(base);

    const second = startApiProcess({ DATA_DIR: dataDir, PORT: String(PORT_B) });
    running.push(second);
    const code = await Promise.race([second.exited, second.listening.then(() => 'listening')]);
    expect(code).toBe(1);
    expect(second.output()).toContain(`The embedded database in ${dataDir} is already in use by process ${first.pid}`);

    // The first one is untouched and keeps its data.
    expect(await login(base, email)).toBe(200);
    expect(readLock(dataDir)?.pid).toBe(first.pid);
  }, 120_000);

  it('takes over the lock left by a process killed with SIGKILL, with the data intact', async () => {
    const first = running[0]!;
    const base = await first.listening;
    const email = await register(base);
    first.child.kill('SIGKILL');
    await first.exited;
    // kill -9 leaves the file behind, naming a process that is gone.
    expect(readLock(dataDir)?.pid).toBe(first.pid);

    const next = startApiProcess({ DATA_DIR: dataDir, PORT: String(PORT_C) });
    running.push(next);
    const nextBase = await next.listening;
    expect(await login(nextBase, email)).toBe(200);
    expect(readLock(dataDir)?.pid).toBe(next.pid);

    // A clean stop frees the folder.
    await stopApiProcess(next);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('refuses a second open in the same process and frees the folder on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    try {
      const lock = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(`already in use by process ${process.pid}`);
      lock.release();
      lockDataDir(dir).release();
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('treats a lock whose PID now belongs to another, later process as stale', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    try {
      // PID 1 exists, but it is not the process that wrote this lock (its kernel start time differs).
      const stale = { pid: 1, host: os.hostname(), startedAt: 0, procStart: '-1', dataDir: dir };
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(stale));
      const lock = lockDataDir(dir);
      expect(readLock(dir)?.pid).toBe(process.pid);
      lock.release();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('processes taking the lock at the same instant over a stale one: exactly one holder, every round', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-race-'));
    const apiRoot = path.resolve(__dirname, '..', '..');
    const contenders: ChildProcess[] = [];
    // A lock left by a process that is gone (a PID that existed, and a start time no process has).
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const stale = JSON.stringify({ pid: dead, host: os.hostname(), startedAt: 0, procStart: '-1', dataDir: dir });
    type Reply = { ready?: true; held?: boolean; error?: string; released?: true };
    const next = (child: ChildProcess) => new Promise<Reply>((resolve) => child.once('message', resolve));
    try {
      for (let i = 0; i < 4; i++) {
        const child = fork(path.join(__dirname, '..', 'test', 'lockContender.ts'), {
          cwd: apiRoot,
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        contenders.push(child);
      }
      await Promise.all(contenders.map(next));
      const rounds = 150;
      const holdersPerRound: number[] = [];
      for (let round = 0; round < rounds; round++) {
        fs.writeFileSync(path.join(dir, LOCK_FILE), stale);
        const answers = contenders.map(next);
        const go = Date.now() + 40;
        for (const child of contenders) child.send({ go, dataDir: dir });
        const replies = await Promise.all(answers);
        holdersPerRound.push(replies.filter((r) => r.held).length);
        for (const r of replies.filter((r) => !r.held)) expect(r.error).toContain('is already in use by process');
        const released = contenders.map(next);
        for (const child of contenders) child.send({ release: true });
        await Promise.all(released);
        expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
      }
      const twice = holdersPerRound.filter((n) => n > 1).length;
      console.log(`[lock race] ${rounds} rounds of ${contenders.length} processes: ${twice} with two holders or more`);
      expect(holdersPerRound).toEqual(Array.from({ length: rounds }, () => 1));
    } finally {
      for (const child of contenders) child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
