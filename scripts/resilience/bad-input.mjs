import fs from 'node:fs';
import path from 'node:path';
import { root } from '../lib/run.mjs';
import { request } from './http.mjs';
import { decodeJwt, signJwt } from './jwt.mjs';
import { badInputs, check, record, results } from './ledger.mjs';
import { runChild } from './processes.mjs';
import { log, outDir, plan } from './suite.mjs';

/** Bad input: tampered JWTs are refused, and the API's fuzz cases run against the cluster. */
export async function badInput({ login, secret, origin }) {
  const area = 'bad input';
  const shopper = await login('load-' + (plan.shoppers + 4) + '@example.com', 'Shopper123', '127.0.8.5');
  const payload = decodeJwt(shopper.access);
  const [h, , s] = shopper.access.split('.');
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const tampered = {
    'role claim changed to ADMIN (signature kept)': `${h}.${b64({ ...payload, role: 'ADMIN' })}.${s}`,
    'alg: none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, role: 'ADMIN' })}.`,
    'expired (validly signed)': signJwt(secret, { ...payload, iat: now - 7200, exp: now - 3600 }),
    'no exp (validly signed)': signJwt(
      secret,
      Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'exp')),
    ),
    'signed with another key': signJwt('x'.repeat(48), { ...payload, role: 'ADMIN' }),
  };
  for (const [name, token] of Object.entries(tampered)) {
    const me = await request(origin, 'GET', '/api/users/me', { token });
    const adminCall = await request(origin, 'GET', '/api/admin/dashboard', { token });
    badInputs.count += 2;
    record(me, 'GET');
    record(adminCall, 'GET');
    check(
      area,
      `tampered JWT refused: ${name}`,
      me.status === 401 && adminCall.status === 401,
      `${me.status}/${adminCall.status}`,
    );
  }

  log(`fuzz: ${plan.fuzzRuns} cases against the cluster`);
  const started = Date.now();
  // Not spawnSync: the TCP proxies in front of PostgreSQL and Redis live in this process, and a
  // blocked event loop would stall every database query of the cluster meanwhile.
  const fuzz = await runChild(
    'pnpm',
    ['--filter', 'api', 'exec', 'jest', '--runInBand', '--testMatch', '**/src/test/fuzz-target.run.ts'],
    {
      cwd: root,
      env: { ...process.env, FUZZ_TARGET: origin, FUZZ_RUNS: String(plan.fuzzRuns), FUZZ_LOCAL_ADDRESS: '127.0.8.6' },
      timeoutMs: 15 * 60_000,
    },
  );
  badInputs.count += plan.fuzzRuns;
  fs.writeFileSync(path.join(outDir, 'fuzz.log'), `${fuzz.stdout}\n${fuzz.stderr}`);
  const hung = /no answer in 30 s: [^\n]*/.exec(fuzz.stdout + fuzz.stderr)?.[0];
  const summary = /FUZZ_RESULT (\{.*\})/.exec(fuzz.stdout + fuzz.stderr)?.[1];
  const parsed = summary ? JSON.parse(summary) : null;
  results.fuzz = { runs: plan.fuzzRuns, seconds: Math.round((Date.now() - started) / 1000), ...parsed };
  check(
    area,
    `fuzz ${plan.fuzzRuns} cases against the cluster: no 5xx, no stack or SQL in bodies`,
    fuzz.status === 0,
    [
      parsed &&
        `${parsed.requests} requests, ${parsed.fiveXx} 5xx, seed ${parsed.seed} (FUZZ_SEED replays it); ` +
          `p50/p99 ${parsed.p50Ms}/${parsed.p99Ms} ms, slowest ${parsed.slowest?.at(-1)}`,
      parsed?.first5xx?.length && parsed.first5xx.join(', '),
      hung,
      fuzz.status !== 0 && 'see resilience-results/fuzz.log',
    ]
      .filter(Boolean)
      .join('; '),
  );
}
