// node --test: the generated configs of every app. (Plain ESM, like the factory itself.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { apps, devPort, remotes } from './apps.mjs';
import { createShared, sharedSingletons } from './index.mjs';
import { workspacePackages } from './shared.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const configOf = async (app, mode) => {
  const { default: factory } = await import(path.join(root, app, 'webpack.config.mjs'));
  return factory({}, { mode });
};

for (const { dir: app } of apps) {
  test(`${app}: its dev-server options are valid for webpack-dev-server (pnpm dev starts)`, async () => {
    const config = await configOf(app, 'development');
    // The constructor validates the options against webpack-dev-server's schema; nothing listens.
    assert.doesNotThrow(() => new WebpackDevServer(config.devServer, webpack(config)));
  });
}

test('a remote builds its app plus the standalone federation runtime; the host builds one', async () => {
  const remote = await configOf('mf-catalog', 'production');
  assert.ok(Array.isArray(remote));
  assert.deepEqual(
    remote.map((c) => c.name),
    ['catalog', 'mf-runtime-core'],
  );
  const host = await configOf('shell', 'production');
  assert.equal(Array.isArray(host), false);
  assert.equal(host.output.publicPath, '/');
});

test('the shared map: singletons, and no library shared whole that one package owns', () => {
  const shared = createShared({
    react: '19',
    'react-dom': '19',
    'react-router-dom': '7',
    axios: '1',
    '@tanstack/react-query': '5',
    '@store/router': 'workspace:*',
    '@store/http': 'workspace:*',
    zod: '4',
  });
  for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@store/router', '@store/http']) {
    assert.equal(shared[name]?.singleton, true, name);
  }
  for (const name of ['react-router-dom', 'axios', '@tanstack/react-query'])
    assert.equal(shared[name], undefined, name);
  assert.equal(shared['@store/router'].requiredVersion, '^0.1.0');
});

test('every workspace package says how it is shared; the singletons come from packages/*, not a hand list', () => {
  const packages = workspacePackages();
  assert.deepEqual(
    packages.map((p) => p.name).sort(),
    fs
      .readdirSync(path.join(root, 'packages'))
      .map((d) => `@store/${d}`)
      .sort(),
  );
  for (const p of packages) assert.equal(p.name in sharedSingletons, p.singleton, p.name);
  assert.ok(sharedSingletons['@store/session'], 'the session store is one per page');

  // A new package that does not say it fails loudly instead of silently being bundled per app.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packages-'));
  fs.mkdirSync(path.join(dir, 'cart-state'));
  fs.writeFileSync(
    path.join(dir, 'cart-state', 'package.json'),
    JSON.stringify({ name: '@store/cart-state', version: '0.1.0' }),
  );
  assert.throws(() => workspacePackages(dir), /@store\/cart-state .* must say how federation shares it/);
  fs.writeFileSync(
    path.join(dir, 'cart-state', 'package.json'),
    JSON.stringify({ name: '@store/cart-state', version: '0.2.1', federation: { shared: 'singleton' } }),
  );
  assert.deepEqual(workspacePackages(dir), [{ name: '@store/cart-state', version: '0.2.1', singleton: true }]);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('one table of apps and ports: dev servers and the dev remotes.json follow it', async () => {
  assert.deepEqual(
    apps.map((a) => a.dir),
    ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin'],
  );
  for (const app of apps) {
    const built = await configOf(app.dir, 'development');
    const config = Array.isArray(built) ? built[0] : built;
    assert.equal(config.devServer.port, devPort(app.name), app.dir);
  }
  const devRemotes = JSON.parse(fs.readFileSync(path.join(root, 'shell', 'public', 'remotes.json'), 'utf8'));
  assert.deepEqual(
    devRemotes,
    Object.fromEntries(remotes.map((r) => [r.name, { entry: `http://localhost:${devPort(r.name)}/mf-manifest.json` }])),
  );
});
