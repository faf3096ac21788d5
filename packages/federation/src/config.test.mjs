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
import { AXIOS_FETCH_ADAPTER, createAppConfig, createShared, sharedSingletons } from './index.mjs';
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

test('a remote builds its app plus the standalone federation runtime; the host its app plus embed.js', async () => {
  const remote = await configOf('mf-catalog', 'production');
  assert.ok(Array.isArray(remote));
  assert.deepEqual(
    remote.map((c) => c.name),
    ['catalog', 'mf-runtime-core', 'catalog-server'],
  );
  // The catalog's server build (issue 30): the same container for Node, one file, beside the browser's.
  const server = remote[2];
  assert.equal(server.target, 'async-node');
  assert.equal(server.output.path, path.join(root, 'mf-catalog', 'dist', 'server'));
  assert.equal(server.output.chunkFormat, 'commonjs');
  const serverFederation = server.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  assert.equal(serverFederation._options.name, 'catalog');
  assert.deepEqual(serverFederation._options.library, { type: 'commonjs-module' });
  assert.deepEqual(Object.keys(serverFederation._options.exposes), ['./server']);
  assert.deepEqual(
    serverFederation._options.shared,
    remote[0].plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin')._options.shared,
  );
  assert.ok(server.plugins.some((p) => p instanceof webpack.optimize.LimitChunkCountPlugin));
  // The browser build's clean keeps the server build's folder.
  assert.ok(remote[0].output.clean.keep.test('server/remoteEntry.js'));
  const [host, scripts, hostServer, ...more] = await configOf('shell', 'production');
  // The shell's rendering module for Node, with the shared map's versions to provide.
  assert.equal(hostServer.name, 'shell-server');
  assert.deepEqual(hostServer.entry, { render: './src/server/render.tsx' });
  assert.equal(hostServer.output.filename, '[name].cjs');
  assert.equal(host.output.publicPath, '/');
  // embed.js: a fixed-name ES module, import.meta.url left for the browser (it finds its store by it).
  assert.deepEqual(scripts.entry, { embed: './src/embed/embed.ts' });
  assert.equal(scripts.output.filename, '[name].js');
  assert.equal(scripts.output.module, true);
  assert.equal(scripts.module.parser.javascript.importMeta, false);
  assert.deepEqual(more, []);
  // The app's build keeps the file the other compiler writes into the same folder.
  assert.ok(host.output.clean.keep.test('embed.js') && host.output.clean.keep.test('embed.js.br'));
  // Development has no embed.js (the integrator's page needs the production catalog anyway).
  assert.equal(Array.isArray(await configOf('shell', 'development')), false);
});

/** Every file of the federation runtime's packages as installed (what a build could alias or replace). */
function runtimeFiles() {
  const store = path.join(root, 'node_modules', '.pnpm');
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?js$/.test(entry.name)) files.push(file);
    }
  };
  for (const folder of fs.readdirSync(store)) {
    const name = folder.match(/^@module-federation\+([a-z-]*(runtime|sdk|error-codes)[a-z-]*)@/)?.[1];
    if (name) walk(path.join(store, folder, 'node_modules', '@module-federation', name, 'dist'));
  }
  return files;
}

test('no build aliases, replaces, transforms or externalises a federation runtime module by hand', async () => {
  const files = runtimeFiles();
  assert.ok(files.some((f) => /runtime-core[\\/]dist[\\/]core\.js$/.test(f)));
  assert.ok(files.some((f) => /webpack-bundler-runtime[\\/]dist[\\/]index\.js$/.test(f)));
  assert.ok(files.some((f) => /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/.test(f)));
  const configs = [
    await (
      await import(path.join(root, 'shell', 'webpack.config.mjs'))
    ).default({ single: true }, { mode: 'production' }),
  ];
  for (const { dir } of apps)
    for (const mode of ['development', 'production']) configs.push(...[await configOf(dir, mode)].flat());
  for (const config of configs) {
    const where = `${config.name} ${config.mode}`;
    for (const [request, target] of Object.entries(config.resolve?.alias ?? {}))
      assert.ok(!/@module-federation|federation/.test(`${request} ${target}`), `${where}: alias ${request}`);
    for (const plugin of config.plugins ?? []) {
      if (!(plugin instanceof webpack.NormalModuleReplacementPlugin)) continue;
      for (const file of files) assert.ok(!plugin.resourceRegExp.test(file), `${where}: replaces ${file}`);
      for (const request of ['@module-federation/runtime-core', '@module-federation/runtime'])
        assert.ok(!plugin.resourceRegExp.test(request), `${where}: replaces ${request}`);
    }
    assert.equal(config.externals, undefined, `${where}: externals`);
    // A rule that reaches the runtime's files may change how their requests resolve, never their code.
    for (const rule of config.module?.rules ?? []) {
      const reaches = files.filter((file) =>
        typeof rule.test === 'function' ? rule.test(file) : rule.test?.test(file) && !rule.exclude?.test(file),
      );
      if (!reaches.length) continue;
      assert.deepEqual(Object.keys(rule).sort(), ['resolve', 'test'], `${where}: a rule transforms ${reaches[0]}`);
    }
    const federation = config.plugins?.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
    if (!federation) continue;
    const { experiments = {} } = federation._options;
    if (config.name === 'shell') assert.equal(experiments.provideExternalRuntime, true, where);
    // A server container runs in Node, where no page provides the runtime: it keeps its own.
    else if (config.name.endsWith('-server')) assert.ok(!experiments.externalRuntime, where);
    else assert.equal(experiments.externalRuntime, config.mode === 'production', where);
    assert.ok(!experiments.optimization?.disableSnapshot, `${where}: the manifest reader stays in`);
  }
});

/** A production build of a small app through createAppConfig: the modules of each chunk. */
async function buildApp(kind, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `federation-${kind}-`));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: kind, version: '0.1.0', dependencies: {} }));
  fs.mkdirSync(path.join(dir, 'src'));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'src', file), text);
  const config = [
    createAppConfig({ dir, kind, name: kind === 'host' ? 'shell' : 'catalog', exposes: { './x': './src/x.ts' } })(
      {},
      { mode: 'production' },
    ),
  ].flat()[0];
  config.devtool = false;
  config.plugins = config.plugins.filter((p) => p?.constructor?.name !== 'CompressionPlugin');
  const stats = await new Promise((resolve, reject) =>
    webpack(config).run((error, result) => (error ? reject(error) : resolve(result))),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  const json = stats.toJson({ modules: true, nestedModules: true, chunks: true, chunkModules: true });
  const modules = (chunkName) => {
    const chunk = json.chunks.find((c) => c.names.includes(chunkName));
    const names = [];
    const walk = (m) => (m.modules ? m.modules.forEach(walk) : names.push(m.nameForCondition ?? m.name));
    json.modules.filter((m) => m.chunks.includes(chunk.id)).forEach(walk);
    return names;
  };
  return { modules, externals: json.modules.filter((m) => /^external /.test(m.name)).map((m) => m.name) };
}

test("built: the host's entry holds the plugin's runtime once (ES modules, manifest reader in), remotes use it", async () => {
  const host = await buildApp('host', { 'index.ts': "import('./bootstrap');\n", 'bootstrap.ts': 'export {};\n' });
  const entry = host.modules('main');
  const has = (re) => entry.filter((m) => re.test(m.replaceAll('\\', '/')));
  for (const re of [
    /@module-federation\/runtime-core\/dist\/core\.js$/,
    /@module-federation\/runtime-core\/dist\/plugins\/snapshot\/SnapshotHandler\.js$/,
    /@module-federation\/runtime-core\/dist\/utils\/preload\.js$/,
    /@module-federation\/webpack-bundler-runtime\/dist\/index\.js$/,
    /@module-federation\/inject-external-runtime-core-plugin\/dist\/index\.cjs$/,
  ])
    assert.equal(has(re).length, 1, String(re));
  // One copy: no CommonJS build of runtime-core or the SDK beside the ES modules.
  assert.deepEqual(has(/@module-federation\/(runtime-core|runtime|sdk)\/dist\/.*\.cjs$/), []);

  const remote = await buildApp('remote', { 'index.ts': 'export {};\n', 'x.ts': 'export const x = 1;\n' });
  const remoteEntry = remote.modules('catalog');
  assert.ok(remoteEntry.some((m) => /webpack-bundler-runtime[\\/]dist[\\/]index\.js$/.test(m)));
  assert.ok(!remoteEntry.some((m) => /runtime-core[\\/]dist/.test(m)), "runtime-core is the host's");
  assert.deepEqual(remote.externals, ['external "_FEDERATION_RUNTIME_CORE"']);
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
  assert.equal(shared['@store/router'].requiredVersion, '^1.0.0');
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
  const [shell] = await configOf('shell', 'production');
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
  const [host] = await configOf('shell', 'production');
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
