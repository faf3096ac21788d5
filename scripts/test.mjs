#!/usr/bin/env node
// npm test: install what is needed (pnpm, dependencies, Debian's Chromium), then lint, typecheck,
// unit tests, API tests (PGlite + PostgreSQL), production build, the quick resilience run (a cluster
// of 2 API processes behind nginx under load and faults, about 1.5 minutes; the whole suite is
// `pnpm test:resilience`) and the Playwright e2e suite.
import fs from 'node:fs';
import { ensurePnpm, has, installDependencies, log, run, runTogether } from './lib/run.mjs';

const started = Date.now();
const steps = [];
async function step(name, fn) {
  const t = Date.now();
  log(`── ${name}`);
  await fn();
  steps.push(`${name} ${((Date.now() - t) / 1000).toFixed(0)} s`);
  log(`── ${steps.at(-1)}`);
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  log("installing Debian's chromium for the browser tests");
  const sudo = process.getuid?.() === 0 || !has('sudo') ? [] : ['sudo'];
  const apt = (...a) => (sudo.length ? run('sudo', ['apt-get', ...a]) : run('apt-get', a));
  apt('update', '-qq');
  apt('install', '-y', '-qq', 'chromium');
}

try {
  await step('install', () => {
    ensurePnpm();
    installDependencies();
    ensureChromium();
  });
  // Both only read the sources: ESLint keeps one core busy, tsc the other.
  await step('lint and typecheck', () =>
    runTogether([
      ['pnpm', ['lint']],
      ['pnpm', ['typecheck']],
    ]),
  );
  await step('unit and API tests', () => run('pnpm', ['test:unit']));
  await step('build', () => run('pnpm', ['build']));
  await step('resilience (quick)', () => run('pnpm', ['test:resilience', '--quick']));
  await step('e2e', () => run('pnpm', ['test:e2e']));
  log(`all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${steps.join(', ')}`);
} catch (error) {
  log(`FAILED: ${error.message}`);
  process.exit(error.exitCode ?? 1);
}
