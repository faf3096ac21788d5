#!/usr/bin/env node
// pnpm test:resilience [--quick]: starts its own cluster (2 API processes, nginx, PostgreSQL and Redis
// behind TCP proxies this suite owns, a throwaway database), then: scale-out checks, shoppers under
// load while faults are injected, bad input, and one table of what it saw (+ JSON in resilience-results/).
// Bounded: every phase has a fixed duration or count, and the suite stops by itself.
//
// This file runs the phases in order; each is its own module: stack.mjs (the cluster), scale-out.mjs,
// load.mjs with faults.mjs, bad-input.mjs, report.mjs (the table); ledger.mjs keeps what they saw,
// processes.mjs stops what they started.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from '../lib/run.mjs';
import { badInput } from './bad-input.mjs';
import { check, checks } from './ledger.mjs';
import { loadWithFaults } from './load.mjs';
import { teardown } from './processes.mjs';
import { report } from './report.mjs';
import { scaleOutChecks } from './scale-out.mjs';
import { startStack } from './stack.mjs';
import { args, dbName, log, outDir, quick, workDir } from './suite.mjs';

// ── set-up ─────────────────────────────────────────────────────────────────────────────────────
if (
  args.has('--build') ||
  !fs.existsSync(path.join(root, 'api/dist/server.js')) ||
  !fs.existsSync(path.join(root, 'shell/dist/index.html'))
) {
  log('building (production)');
  run('pnpm', ['build']);
}
fs.mkdirSync(workDir, { recursive: true });
fs.mkdirSync(outDir, { recursive: true });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the cluster and dropping ${dbName}`);
    void teardown().then(() => process.exit(130));
  });
}
const watchdogMinutes = quick ? 6 : 25;
const watchdog = setTimeout(() => {
  log(`still running after ${watchdogMinutes} min: stopping`);
  check('suite', `finished within ${watchdogMinutes} min`, false);
  void report()
    .catch(() => undefined)
    .then(teardown)
    .then(() => process.exit(1));
}, watchdogMinutes * 60_000);
watchdog.unref();

try {
  const stack = await startStack();
  await scaleOutChecks(stack);
  await loadWithFaults(stack);
  await badInput(stack);
} catch (error) {
  check('suite', 'ran to the end', false, error.stack ?? String(error));
} finally {
  await report().catch((error) => log(`report failed: ${error.stack}`));
  await teardown();
  process.exit(checks.every((c) => c.ok) ? 0 : 1);
}
