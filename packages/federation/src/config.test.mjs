// node --test: the generated configs of every app. (Plain ESM, like the factory itself.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { apps, devPort, remotes } from './apps.mjs';
import { createRequire } from 'node:module';
import { LEFT_OUT_MESSAGE } from './axios-fetch-adapter-left-out.js';
import {
  AXIOS_FETCH_ADAPTER,
  BUNDLER_RUNTIME,
  LEAN_BUNDLER_RUNTIME,
  LEAN_RUNTIME,
  createShared,
  sharedSingletons,
} from './index.mjs';
import { frameFolders, workspacePackages } from './shared.mjs';

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

test("production remotes leave the bundler runtime out; the host's entry and mf-runtime-core.js provide it", async () => {
  const [remote, standalone] = await configOf('mf-catalog', 'production');
  const externalOf = (request) =>
    new Promise((resolve, reject) =>
      remote.externals[0]({ request }, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const bundler = path.join(root, 'node_modules/@module-federation/webpack-bundler-runtime/dist/bundler.js');
  assert.equal(await externalOf(bundler), 'global _FEDERATION_BUNDLER_RUNTIME');
  assert.equal(await externalOf('react'), undefined);
  // Development remotes keep their own runtime (as with runtime-core).
  assert.equal((await configOf('mf-catalog', 'development')).externals, undefined);

  const provider = path.join(import.meta.dirname, 'bundler-runtime-global.js');
  const host = await configOf('shell', 'production');
  const federation = host.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  assert.deepEqual(federation._options.runtimePlugins, [provider]);
  const source = fs.readFileSync(path.join(import.meta.dirname, 'runtime-core-global.js'), 'utf8');
  assert.match(source, /import '\.\/bundler-runtime-global\.js'/);
  // mf-runtime-core.js resolves the provider's imports to the plugin's own bundler runtime files; the
  // host's build to the lean one.
  for (const file of Object.values(standalone.resolve.alias).filter((f) => f.includes('bundler-runtime'))) {
    assert.ok(fs.existsSync(file), file);
  }
  assert.ok(standalone.resolve.alias['store-federation-bundler-runtime$'].endsWith(path.join('dist', 'bundler.js')));
  assert.equal(host.resolve.alias['store-federation-bundler-runtime$'], LEAN_BUNDLER_RUNTIME);
});

test("a remote's init on the host's bundler runtime keeps the host's instance and finds its own by name", async () => {
  const { ModuleFederation, CurrentGlobal, setGlobalFederationInstance } =
    await import('@module-federation/runtime-core');
  const { initRemote } = await import('./remote-runtime-init.js');
  const host = new ModuleFederation({ name: 'shell', id: 'shell:0.1.0', remotes: [], shared: {} });
  setGlobalFederationInstance(host);
  const catalog = initRemote({ name: 'catalog', remotes: [], shareStrategy: 'version-first' });
  assert.equal(catalog.name, 'catalog');
  assert.notEqual(catalog, host);
  // A second container of the same remote (a retry, an embed) gets the same instance.
  assert.equal(initRemote({ name: 'catalog', remotes: [] }), catalog);
  const names = CurrentGlobal.__FEDERATION__.__INSTANCES__.map((i) => i.options.name);
  assert.deepEqual(names.filter((n) => n === 'shell').length, 1);
  assert.deepEqual(names.filter((n) => n === 'catalog').length, 1);
});

test("the host's production build runs on the lean federation runtime; mf-runtime-core.js and dev builds keep the plugin's", async () => {
  const host = await configOf('shell', 'production');
  for (const request of [
    '@module-federation/runtime-core$',
    '@module-federation/runtime$',
    '@module-federation/enhanced/runtime$',
  ])
    assert.equal(host.resolve.alias[request], LEAN_RUNTIME, request);
  const replaced = (regExp) =>
    host.plugins.find((p) => p?.constructor?.name === 'NormalModuleReplacementPlugin' && p.resourceRegExp === regExp)
      ?.newResource;
  assert.equal(replaced(BUNDLER_RUNTIME), LEAN_BUNDLER_RUNTIME);
  // No inject-external-runtime-core plugin: runtime-core is not published for remotes (none reads it).
  const federation = host.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  assert.ok(!federation._options.experiments.provideExternalRuntime);
  // The regex finds the file the plugin's generated entry imports.
  const require = createRequire(import.meta.url);
  const enhanced = createRequire(require.resolve('@module-federation/enhanced/webpack'));
  assert.match(enhanced.resolve('@module-federation/webpack-bundler-runtime/dist/bundler.js'), BUNDLER_RUNTIME);
  // The single-bundle build, development builds and remotes resolve nothing to it.
  for (const config of [
    await (
      await import(path.join(root, 'shell', 'webpack.config.mjs'))
    ).default({ single: true }, { mode: 'production' }),
    await configOf('shell', 'development'),
    ...(await configOf('mf-catalog', 'production')),
  ])
    assert.ok(!Object.values(config.resolve?.alias ?? {}).some((f) => String(f).includes('lean-')), config.name);
});

test('the lean runtime exports all that the host build imports from the modules it replaces', async () => {
  const lean = await import('./lean-runtime.js');
  const bundler = await import('./lean-bundler-runtime.js');
  const importsOf = (file, from) =>
    [...fs.readFileSync(file, 'utf8').matchAll(new RegExp(`import \\{([^}]*)\\} from '${from}'`, 'g'))].flatMap(
      ([, names]) =>
        names
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0])
          .filter((n) => n && n !== 'type'),
    );
  const used = [
    ...importsOf(path.join(import.meta.dirname, 'remote-runtime-init.js'), '@module-federation/runtime-core'),
    ...importsOf(path.join(root, 'shell/src/app/remotes/remoteModules.ts'), '@module-federation/enhanced/runtime'),
  ];
  assert.ok(used.includes('ModuleFederation') && used.includes('loadRemote'), used.join());
  for (const name of used) assert.ok(name in lean, name);
  for (const name of importsOf(
    path.join(import.meta.dirname, 'bundler-runtime-global.js'),
    'store-federation-bundler-runtime/init-container-entry',
  ))
    assert.equal(typeof bundler[name], 'function', name);
  assert.equal(typeof bundler.default.runtime.init, 'function');
  for (const name of ['init', 'consumes', 'I', 'initContainerEntry'])
    assert.equal(typeof bundler.default.bundlerRuntime[name], 'function', name);
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

test("axios's fetch adapter is left out of the apps' bundles, and selecting it fails loudly", async () => {
  const shell = await configOf('shell', 'production');
  const replacement = shell.plugins.find(
    (p) => p instanceof webpack.NormalModuleReplacementPlugin && p.resourceRegExp === AXIOS_FETCH_ADAPTER,
  );
  assert.ok(replacement, "the shell's config replaces axios's fetch adapter");
  // A small bundle of axios (as @store/http resolves it) built with that same plugin.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axios-adapters-'));
  fs.writeFileSync(
    path.join(dir, 'entry.js'),
    "import axios from 'axios';\nexport const get = (adapter) => axios.get('http://127.0.0.1:9/', { adapter });\n",
  );
  const stats = await new Promise((resolve, reject) =>
    webpack({
      mode: 'production',
      target: 'web',
      context: dir,
      entry: './entry.js',
      output: { path: dir, filename: 'bundle.cjs', library: { type: 'commonjs2' } },
      resolve: { modules: [path.join(root, 'packages', 'http', 'node_modules'), 'node_modules'] },
      optimization: { minimize: false },
      plugins: [replacement],
    }).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  const modules = stats.toJson({ modules: true }).modules.map((m) => m.nameForCondition ?? m.name);
  assert.ok(modules.some((m) => /axios-fetch-adapter-left-out\.js$/.test(m)));
  assert.ok(!modules.some((m) => AXIOS_FETCH_ADAPTER.test(m)), 'no axios fetch adapter in the bundle');
  assert.ok(!modules.some((m) => /trackStream|composeSignals/.test(m)), 'nor the helpers only it uses');
  const { get } = createRequire(import.meta.url)(path.join(dir, 'bundle.cjs'));
  await assert.rejects(get('fetch'), { message: LEFT_OUT_MESSAGE });
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the host's frame chunk: the eager singletons and their dependencies, not what loads later", async () => {
  const folders = frameFolders(path.join(root, 'shell'));
  const has = (re) => folders.some((dir) => re.test(dir));
  for (const re of [/[\\/]react$/, /[\\/]react-dom$/, /[\\/]scheduler$/, /[\\/]react-router$/, /[\\/]axios$/]) {
    assert.ok(has(re), String(re));
  }
  for (const name of ['router', 'session', 'http', 'shopper', 'ui'])
    assert.ok(folders.includes(path.join(root, 'packages', name)), name);
  // Shared on their own and loaded with the forms or the first toast; contracts holds the zod schemas.
  for (const re of [/[\\/]zod$/, /[\\/]react-hook-form$/, /[\\/]react-hot-toast$/, /[\\/]goober$/, /[\\/]contracts$/]) {
    assert.ok(!has(re), String(re));
  }
  const host = await configOf('shell', 'production');
  const frame = host.optimization.splitChunks.cacheGroups.frame;
  assert.equal(frame.chunks, 'async');
  const module = (file) => ({ nameForCondition: () => file });
  // `importers`: the modules that import it (webpack's module graph, reduced to what the test reads).
  const inFrame = (file, importers = []) =>
    frame.test(module(file), {
      moduleGraph: { getIncomingConnections: () => importers.map((f) => ({ originModule: module(f) })) },
    });
  const ui = path.join(root, 'packages', 'ui', 'src', 'index.ts');
  const page = path.join(root, 'shell', 'src', 'pages', 'content', 'CategoriesPage.tsx');
  const money = path.join(root, 'packages', 'contracts', 'src', 'money.ts');
  assert.equal(inFrame(ui), true);
  assert.equal(inFrame(page, [path.join(root, 'shell', 'src', 'app', 'router.tsx')]), false);
  // A contracts module joins the frame only when a frame module imports it.
  assert.equal(inFrame(money, [page]), false);
  assert.equal(inFrame(money, [page, ui]), true);
  // Remotes keep one fallback chunk per shared module.
  const [remote] = await configOf('mf-catalog', 'production');
  assert.equal(remote.optimization.splitChunks, undefined);
});
