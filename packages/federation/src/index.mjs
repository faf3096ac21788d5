import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { API_PORT_OFFSET, DEV_BASE_PORT, devPort } from './apps.mjs';
import { createShared, frameFolders } from './shared.mjs';

export { createShared, sharedSingletons } from './shared.mjs';

const require = createRequire(import.meta.url);

/** swc: TypeScript + JSX, no type-checking in the build (tsc --noEmit is the type gate). */
const swcRule = (mode) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: require.resolve('swc-loader'),
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: mode === 'development' } },
        target: 'es2022',
      },
    },
  },
});

/**
 * react-router 7's package exports name only its development build (dev warnings on); production
 * builds use its production build (the same code with ENABLE_DEV_WARNINGS = false).
 */
function reactRouterProduction() {
  const dir = path.dirname(require.resolve('react-router/package.json', { paths: [fs.realpathSync(routerDir)] }));
  return {
    'react-router$': path.join(dir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(dir, 'dist/production/dom-export.mjs'),
  };
}
// Resolved from react-router-dom's real folder (pnpm keeps react-router next to it, not hoisted).
const routerDir = path.resolve(import.meta.dirname, '..', '..', 'router', 'node_modules', 'react-router-dom');

/** axios's fetch adapter module, as resolved (the store keeps only its XHR adapter). */
export const AXIOS_FETCH_ADAPTER = /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/**
 * The federation runtime is the plugin's own (@module-federation/enhanced 2.9.2: runtime-core, runtime,
 * webpack-bundler-runtime), loaded once per page: the host provides runtime-core
 * (`experiments.provideExternalRuntime`: the plugin's inject-external-runtime-core runtime plugin
 * publishes it as `_FEDERATION_RUNTIME_CORE`), production remotes use it
 * (`experiments.externalRuntime`), and a page without the host loads mf-runtime-core.js first.
 * No build aliases, replaces or externalises a @module-federation module by other means
 * (config.test.mjs checks it; docs/decisions/0020-official-federation-runtime.md says why).
 */
/**
 * provideExternalRuntime adds the plugin's inject-external-runtime-core plugin by its CommonJS build
 * (`require.resolve`), whose `require('@module-federation/runtime-tools/runtime-core')` would bring a
 * second, CommonJS copy of runtime-core into the host's entry (runtime-core and the SDK twice: main.js
 * 181 KB instead of 95 KB, raw). Its requests are resolved by the package's `import` conditions instead,
 * so they meet the ES module copy the bundler runtime uses: the same published files, one copy.
 */
const injectedRuntimeCoreRule = {
  test: /[\\/]@module-federation[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
  resolve: { byDependency: { commonjs: { conditionNames: ['import', 'module', 'webpack', 'browser', 'default'] } } },
};

const apiTarget = () => process.env.API_URL ?? `http://127.0.0.1:${DEV_BASE_PORT + API_PORT_OFFSET}`;

/**
 * Webpack config for one app of the store.
 * @param {object} o
 * @param {string} o.dir the app folder (import.meta.dirname of its webpack.config.mjs)
 * @param {'host' | 'remote'} o.kind
 * @param {string} o.name federation name (shell, catalog, cart, account, admin)
 *   (its dev-server port comes from the one table, ./apps.mjs)
 * @param {Record<string, string>} [o.exposes] remote exposes
 * @param {string} [o.title] HTML title of the page
 * @param {string} [o.scripts] standalone ES module scripts built beside the app (production, not
 *   single): `{ embed: './src/embed/embed.ts' }` → `dist/embed.js`, a fixed name other sites load
 * @param {Record<string, string>} [o.serverExposes] a remote's server build (production, not single):
 *   the container the shell's server loads at runtime to render this remote's pages, built for Node
 *   into `dist/server/` beside the browser build (`{ './server': './src/exposed/server.tsx' }`)
 * @param {string} [o.serverEntry] the host's rendering module, built for Node into
 *   `dist/server/render.cjs` (the shell's server requires it)
 */
export function createAppConfig(o) {
  return (env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const prod = mode === 'production';
    const pkg = JSON.parse(fs.readFileSync(path.join(o.dir, 'package.json'), 'utf8'));
    const shared = createShared(pkg.dependencies ?? {});
    const isHost = o.kind === 'host';
    // `webpack --env single` (host only): the same screens as one bundle, the remotes imported
    // statically into the shell instead of through federation; the benchmark's comparison build.
    const single = isHost && Boolean(env?.single);
    const outDir = path.join(o.dir, process.env.OUT_DIR ?? (single ? 'dist-single' : 'dist'));

    const federation = new ModuleFederationPlugin({
      name: o.name,
      ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: o.exposes }),
      shared,
      manifest: true,
      dts: false,
      ...(isHost
        ? {
            // One unreachable remote must not stop the shell from rendering (default 'version-first'
            // fetches every remote at start-up).
            shareStrategy: 'loaded-first',
            experiments: {
              // The host's runtime-core is the page's: remotes built with externalRuntime use it.
              provideExternalRuntime: true,
              // Browsers only: the runtime's Node.js script loading is left out.
              optimization: { target: 'web' },
            },
          }
        : // Development remotes keep their own copy of the runtime (a standalone dev page has no
          // mf-runtime-core.js); the same runtime, only not shared.
          { experiments: { externalRuntime: prod, optimization: { target: 'web' } } }),
    });

    const plugins = [
      single
        ? new webpack.NormalModuleReplacementPlugin(/(^|[\\/])remoteModules$/, (r) => {
            r.request = `${r.request}.single`;
          })
        : federation,
      new HtmlWebpackPlugin({
        // An app's own public/index.html (the shell's), else the one standalone page every remote uses.
        template: fs.existsSync(path.join(o.dir, 'public/index.html'))
          ? path.join(o.dir, 'public/index.html')
          : path.join(import.meta.dirname, 'standalone.html'),
        title: o.title ?? o.name,
        chunks: ['main'],
        // The host's deep links need absolute asset URLs; a remote's standalone page lives at its root.
        publicPath: '/',
        runtimeCore: !isHost && prod,
      }),
      // @store/http sends through XMLHttpRequest: axios's fetch adapter is replaced by a module that
      // throws when selected (see axios-fetch-adapter-left-out.js and packages/http/README.md).
      new webpack.NormalModuleReplacementPlugin(
        AXIOS_FETCH_ADAPTER,
        path.join(import.meta.dirname, 'axios-fetch-adapter-left-out.js'),
      ),
      new webpack.DefinePlugin({
        'process.env.STORE_APP': JSON.stringify(o.name),
        // Which build a page runs is visible in the DOM (data-remote-build): STORE_BUILD or the version.
        'process.env.STORE_BUILD': JSON.stringify(process.env.STORE_BUILD || pkg.version),
      }),
    ];
    if (prod) {
      // Every script, however small, gets its .gz and .br (kept when at most 0.8 of the size): a
      // remote's exposed module of 852 bytes goes out as 365. Other files from 1 KiB on.
      for (const [test, threshold] of [
        [/\.js$/, 0],
        [/\.(css|html|json|svg)$/, 1024],
      ]) {
        plugins.push(
          new CompressionPlugin({ algorithm: 'gzip', test, threshold }),
          new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test, threshold }),
        );
      }
    }
    const publicDir = path.join(o.dir, 'public');

    const appConfig = {
      name: o.name,
      mode,
      context: o.dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        publicPath: isHost ? '/' : 'auto',
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[id].[contenthash:8].js' : '[id].js',
        uniqueName: o.name,
        // Both compilers of a remote write here: keep the runtime file the second one emits.
        clean: { keep: /^(mf-runtime-core|embed)\.js|^server([\\/]|$)/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        ...(prod ? { alias: reactRouterProduction() } : {}),
      },
      // The shell's content pages are Markdown, bundled as text in their own lazy chunks.
      module: { rules: [swcRule(mode), { test: /\.md$/, type: 'asset/source' }, injectedRuntimeCoreRule] },
      plugins,
      performance: { hints: false },
      optimization: prod
        ? {
            moduleIds: 'deterministic',
            chunkIds: 'deterministic',
            ...(isHost && !single ? { splitChunks: { cacheGroups: { frame: frameChunk(o.dir) } } } : {}),
          }
        : {},
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port: devPort(o.name),
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? { directory: publicDir } : false,
        proxy: [{ context: ['/api'], target: apiTarget(), changeOrigin: false }],
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      },
    };
    const scripts = prod && !single && o.scripts ? [standaloneScriptsConfig(o.dir, outDir, o.scripts)] : [];
    const server = [];
    if (prod && !single && o.serverExposes) server.push(remoteServerConfig(o, outDir, shared, pkg));
    if (prod && !single && o.serverEntry) server.push(hostServerConfig(o, outDir, shared, pkg));
    if (isHost || !prod) return scripts.length || server.length ? [appConfig, ...scripts, ...server] : appConfig;
    return [appConfig, runtimeCoreConfig(outDir), ...scripts, ...server];
  };
}

/**
 * The host's shared singletons load as one chunk, not one per module (and per package they depend
 * on): every page of the shell loads them all at start, and each file costs its own request and
 * response headers. The remotes keep their per-module fallback chunks: they download one only when
 * the host did not provide that module. (On demand singletons and the forms' libraries stay apart.)
 */
function frameChunk(appDir) {
  const folders = frameFolders(appDir).map((dir) => dir + path.sep);
  const workspace = path.resolve(import.meta.dirname, '..', '..') + path.sep;
  const inFrame = (module) => {
    const file = module?.nameForCondition?.();
    return Boolean(file) && folders.some((dir) => file.startsWith(dir));
  };
  return {
    name: 'frame',
    chunks: 'async',
    enforce: true,
    // Also the modules of the unshared workspace packages that a frame module imports (the zod-free
    // @store/contracts/tokens and /money): left behind, each would be a file of a few hundred bytes.
    test: (module, { moduleGraph }) =>
      inFrame(module) ||
      (Boolean(module.nameForCondition?.()?.startsWith(workspace)) &&
        [...moduleGraph.getIncomingConnections(module)].some((c) => inFrame(c.originModule))),
  };
}

/**
 * Scripts another site loads by a fixed URL (the shell's embed.js): ES modules without federation or
 * shared code of their own, `import.meta.url` left for the browser (the script finds its store by it).
 */
function standaloneScriptsConfig(dir, outDir, entries) {
  return {
    name: 'standalone-scripts',
    mode: 'production',
    context: dir,
    entry: entries,
    experiments: { outputModule: true },
    output: { path: outDir, filename: '[name].js', module: true, library: { type: 'module' }, clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: { parser: { javascript: { importMeta: false } }, rules: [swcRule('production')] },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new CompressionPlugin({ algorithm: 'gzip', test: /\.js$/, threshold: 0 }),
      new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: /\.js$/, threshold: 0 }),
    ],
  };
}

/** What a server build shares with the browser build: TypeScript, Markdown, the build id, one file. */
function serverBase(o, pkg) {
  return {
    mode: 'production',
    context: o.dir,
    devtool: 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: reactRouterProduction() },
    module: { rules: [swcRule('production'), { test: /\.md$/, type: 'asset/source' }] },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    // Lazy pages and everything else in one file: a server container is fetched and evaluated once
    // per build, with no chunk to load over the network afterwards.
    optimization: { minimize: false, moduleIds: 'deterministic' },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({
        'process.env.STORE_APP': JSON.stringify(o.name),
        'process.env.STORE_BUILD': JSON.stringify(process.env.STORE_BUILD || pkg.version),
      }),
    ],
  };
}

/**
 * A remote's server build: the same federation container (name, shared map) built for Node
 * (`async-node`, a CommonJS module library), exposing what the shell's server renders. The shell's
 * server fetches `server/remoteEntry.js` from the URL of the visitor's remote config and evaluates it
 * with the federation runtime's Node loader, so a release changes what the server renders too.
 */
function remoteServerConfig(o, outDir, shared, pkg) {
  const base = serverBase(o, pkg);
  return {
    ...base,
    name: `${o.name}-server`,
    target: 'async-node',
    entry: {},
    output: {
      path: path.join(outDir, 'server'),
      filename: '[name].js',
      chunkFilename: '[id].js',
      chunkFormat: 'commonjs',
      uniqueName: `${o.name}-server`,
      // One file, loaded by its URL: no public path is needed; '' lets the manifest be written.
      publicPath: '',
      clean: true,
    },
    plugins: [
      ...base.plugins,
      new ModuleFederationPlugin({
        name: o.name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: o.serverExposes,
        shared,
        // server/mf-manifest.json: what the release gate checks of the server build (its singletons).
        manifest: true,
        dts: false,
      }),
    ],
  };
}

/**
 * The host's rendering module for Node: no federation plugin of its own (it is the host: it provides
 * its own React, styled-components and @store/* packages to the remotes' server containers through the
 * runtime, `shared` with `lib`), the versions of what it shares written in at build time.
 */
function hostServerConfig(o, outDir, shared, pkg) {
  const base = serverBase(o, pkg);
  const versions = Object.fromEntries(
    Object.keys(shared).map((request) => {
      const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      const dir = sharedPackageDir(name, o.dir);
      return [request, JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version];
    }),
  );
  return {
    ...base,
    name: `${o.name}-server`,
    target: 'node20',
    entry: { render: o.serverEntry },
    output: {
      path: path.join(outDir, 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    plugins: [
      ...base.plugins,
      new webpack.DefinePlugin({
        'process.env.STORE_SHARED': JSON.stringify(
          JSON.stringify(
            Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, { ...v, version: versions[k] }])),
          ),
        ),
      }),
    ],
  };
}

/** The folder of an installed package, as node resolves it from `fromDir` (pnpm's real paths). */
function sharedPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return path.dirname(fs.realpathSync(candidate));
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/**
 * A page without the host (an integrator's embed page, a remote's standalone production page)
 * must provide the federation runtime before a remoteEntry built with externalRuntime runs.
 */
function runtimeCoreConfig(outDir) {
  return {
    name: 'mf-runtime-core',
    mode: 'production',
    entry: { 'mf-runtime-core': path.join(import.meta.dirname, 'runtime-core-global.js') },
    output: { path: outDir, filename: '[name].js', clean: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new CompressionPlugin({ algorithm: 'gzip', test: /\.js$/ }),
      new CompressionPlugin({ filename: '[path][base].br', algorithm: 'brotliCompress', test: /\.js$/ }),
    ],
  };
}
