#!/usr/bin/env node
// The cluster's rendering process (`pnpm start:cluster`, scripts/lib/cluster.mjs): nginx sends it the
// storefront's page requests; it answers each with the shell's page for that visitor, rendered on the
// server where the page is a public one (issue 30), with the same headers as `npm start`'s server.
// Environment: RENDER_PORT, API_URL (where /api/ answers: the cluster's nginx), PUBLIC_URL,
// REMOTES_BASE (the remotes on their ports, JSON) or REMOTES_CONFIG (a file, served as it is).
import fs from 'node:fs';
import path from 'node:path';
import { createShellPages } from './lib/shell-pages.mjs';
import { createStaticServer } from './lib/static-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.RENDER_PORT);
const file = process.env.REMOTES_CONFIG;
const { shellPage, rendering } = createShellPages({
  root,
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:8080',
  publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:8080',
  baseConfig: () => (file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : (process.env.REMOTES_BASE ?? '{}')),
  releases: !file,
});
const server = createStaticServer({ dir: path.join(root, 'shell', 'dist'), spa: true, page: shellPage });
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`rendering process on :${port} (server rendering ${rendering ? 'on' : 'off'})\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
