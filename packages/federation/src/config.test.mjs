// node --test: the generated configs of every app. (Plain ESM, like the factory itself.)
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createShared } from './index.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const apps = ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin'];
const configOf = async (app, mode) => {
  const { default: factory } = await import(path.join(root, app, 'webpack.config.mjs'));
  return factory({}, { mode });
};

for (const app of apps) {
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
