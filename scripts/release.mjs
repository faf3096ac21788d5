#!/usr/bin/env node
/**
 * `pnpm release <remote> [--notes "…"] [--build <id>] [--from <dir>] [--store <url>]`
 *
 * Publishes one remote as its team would: builds it with a build id (unless `--from` names a build
 * folder already made), uploads its files to the store with the team's release key (`RELEASE_KEY`)
 * and registers the release. The store's gate answers: ready (then an admin sends it to visitors from
 * the Releases screen) or refused, with its reasons. Exit code 0 only when the release is ready.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { remotes } from '../packages/federation/src/apps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    notes: { type: 'string', default: '' },
    build: { type: 'string' },
    from: { type: 'string' },
    store: { type: 'string' },
  },
});
const remote = remotes.find((r) => r.name === positionals[0]);
if (!remote) fail(`name a remote: ${remotes.map((r) => r.name).join(', ')}`);
const key = process.env.RELEASE_KEY;
if (!key) fail('set RELEASE_KEY to your remote’s release key (an admin creates it on the Releases screen)');
const store = (values.store ?? process.env.STORE_URL ?? `http://localhost:${process.env.STORE_PORT ?? 3000}`).replace(
  /\/+$/,
  '',
);

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const commit = git('rev-parse', 'HEAD');
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const buildId = values.build ?? `${stamp}-${commit.slice(0, 7) || 'local'}`;
if (!/^[\w.-]{1,80}$/.test(buildId)) fail(`a build id is letters, digits, . _ - (got "${buildId}")`);

let dir = values.from ? path.resolve(values.from) : '';
if (!dir) {
  const outDir = path.join('dist-release', buildId);
  console.log(`release: building ${remote.dir} as build ${buildId}…`);
  execFileSync('pnpm', ['--filter', remote.dir, 'exec', 'webpack', 'build', '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR: outDir, STORE_BUILD: buildId },
  });
  dir = path.join(root, remote.dir, outDir);
}
if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) fail(`${dir} holds no mf-manifest.json`);

const form = new FormData();
form.append('build_id', buildId);
form.append('notes', values.notes);
form.append('git_commit', /^[0-9a-f]{40}$/.test(commit) ? commit : '');
let bytes = 0;
const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
for (const file of files) {
  const full = path.join(file.parentPath, file.name);
  const data = fs.readFileSync(full);
  bytes += data.length;
  form.append(path.relative(dir, full).split(path.sep).join('/'), new Blob([data]), file.name);
}
console.log(`release: uploading ${files.length} files (${(bytes / 1024).toFixed(0)} KiB) to ${store}…`);

let response;
try {
  response = await fetch(`${store}/api/releases/${remote.name}`, {
    method: 'POST',
    headers: { 'X-Release-Key': key },
    body: form,
  });
} catch (error) {
  fail(`the store at ${store} cannot be reached (${error.cause?.code ?? error.message})`);
}
const body = await response.json().catch(() => ({}));
if (response.status === 201) {
  console.log(
    `release: ${remote.name} build ${body.build_id} (version ${body.version}${body.git_commit ? `, commit ${body.git_commit.slice(0, 7)}` : ''}) is ready.`,
  );
  console.log('release: send it to a share of visitors from the admin’s Releases screen (/admin/releases).');
} else if (response.status === 422) {
  console.error(`release: ${remote.name} build ${buildId} was refused by the gate:`);
  for (const reason of body.release?.reasons ?? [body.detail]) console.error(`  - ${reason}`);
  process.exit(1);
} else {
  fail(`${response.status}: ${body.detail ?? 'the store refused the release'}`);
}
