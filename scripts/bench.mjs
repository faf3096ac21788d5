#!/usr/bin/env node
// pnpm bench: the API benchmark (autocannon on loopback, PGlite and PostgreSQL next to a bare
// Fastify route), the frontend benchmark (what a first visit costs, federated and as one bundle,
// in Debian's Chromium against the production builds; it fails when a budget of issue 10 is missed)
// and the server-render benchmark (requests per second, p99 and memory of the shell's server on
// PostgreSQL with 100,000 products). All are bounded in time; see api/README.md and e2e/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { ensurePnpm, log, root, run } from './lib/run.mjs';

const args = new Set(process.argv.slice(2));
ensurePnpm();
if (!args.has('--no-build')) {
  log('building the production apps for the frontend benchmark');
  run('pnpm', ['build']);
}
if (
  !args.has('--api-only') &&
  (!args.has('--no-build') || !fs.existsSync(path.join(root, 'shell/dist-single/index.html')))
) {
  log('building the single-bundle comparison (the remotes imported statically into the shell)');
  run('pnpm', ['--filter', 'shell', 'run', 'build:single']);
}
if (!args.has('--web-only')) {
  log('API benchmark');
  run('pnpm', ['--filter', 'api', 'bench']);
}
if (!args.has('--api-only')) {
  log('frontend benchmark');
  run('node', ['e2e/bench/web.mjs']);
}
if (!args.has('--api-only') && !args.has('--web-only')) {
  log('server-render benchmark (PostgreSQL, 100,000 products)');
  run('node', ['e2e/bench/render.mjs']);
}
