#!/usr/bin/env node
// pnpm bench: the API benchmark (autocannon on loopback, PGlite and PostgreSQL next to a bare
// Fastify route) and the frontend benchmark (home page JS, LCP, navigation in Debian's Chromium,
// against the production build). Both are bounded in time; see api/README.md and e2e/README.md.
import { ensurePnpm, log, run } from './lib/run.mjs';

const args = new Set(process.argv.slice(2));
ensurePnpm();
if (!args.has('--no-build')) {
  log('building the production apps for the frontend benchmark');
  run('pnpm', ['build']);
}
if (!args.has('--web-only')) {
  log('API benchmark');
  run('pnpm', ['--filter', 'api', 'bench']);
}
if (!args.has('--api-only')) {
  log('frontend benchmark');
  run('node', ['e2e/bench/web.mjs']);
}
