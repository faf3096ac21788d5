#!/usr/bin/env node
// npm test: install what is needed (pnpm, dependencies, Debian's Chromium), then lint, typecheck,
// unit tests, API tests (PGlite + PostgreSQL), production build, the quick resilience run (a cluster
// of 2 API processes behind nginx under load and faults, about 1.5 minutes; the whole suite is
// `pnpm test:resilience`) and the Playwright e2e suite.
import fs from 'node:fs';
import { ensurePnpm, has, installDependencies, log, run } from './lib/run.mjs';

const started = Date.now();
const steps = [];
function step(name, fn) {
  const t = Date.now();
  log(`── ${name}`);
  fn();
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
  step('install', () => {
    ensurePnpm();
    installDependencies();
    ensureChromium();
  });
  step('lint', () => run('pnpm', ['lint']));
  step('typecheck', () => run('pnpm', ['typecheck']));
  step('unit and API tests', () => run('pnpm', ['test:unit']));
  step('build', () => run('pnpm', ['build']));
  step('resilience (quick)', () => run('pnpm', ['test:resilience', '--quick']));
  step('e2e', () => run('pnpm', ['test:e2e']));
  log(`all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${steps.join(', ')}`);
} catch (error) {
  log(`FAILED: ${error.message}`);
  process.exit(error.exitCode ?? 1);
}
