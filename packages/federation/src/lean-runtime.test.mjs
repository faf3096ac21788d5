// node --test: the lean federation runtime the host's production build runs on (lean-runtime.js,
// lean-bundler-runtime.js), driven as the host's and a remote's generated webpack runtime drive it.
// As in the host's build, remote-runtime-init.js resolves @module-federation/runtime-core to it.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

const lean = new URL('./lean-runtime.js', import.meta.url).href;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      return specifier === '@module-federation/runtime-core' ? { url: ${JSON.stringify(lean)}, shortCircuit: true } : next(specifier, context);
    }`)}`,
);
const { satisfy, init, loadRemote, registerRemotes, CurrentGlobal } = await import('./lean-runtime.js');
const { default: federation, initContainerEntry } = await import('./lean-bundler-runtime.js');
const { initRemote } = await import('./remote-runtime-init.js');

/** The page's bundler runtime for remotes, as bundler-runtime-global.js builds it. */
const pageBundlerRuntime = {
  ...federation,
  runtime: { ...federation.runtime, init: initRemote },
  bundlerRuntime: { ...federation.bundlerRuntime, initContainerEntry },
};

/**
 * A container's `__webpack_require__` as webpack's generated runtime sets it up: `modules` are its
 * own fallbacks (id → exports), `consumes` its consumed shared modules (id → consume data).
 */
function container(name, { shareStrategy, shared, consumes, chunkMapping, bundler }) {
  const r = (id) => {
    const module = { exports: {} };
    r.m[id](module);
    return module.exports;
  };
  Object.assign(r, { m: {}, c: {}, o: (o, k) => Object.hasOwn(o, k), S: {} });
  r.federation = { ...bundler, initOptions: { name, remotes: [], shareStrategy, shared } };
  r.consumesLoadingData = { moduleIdToConsumeDataMapping: consumes, chunkMapping };
  const initPromises = {};
  const initTokens = {};
  r.I = (shareScopeName, initScope) =>
    r.federation.bundlerRuntime.I({ shareScopeName, webpackRequire: r, initPromises, initTokens, initScope });
  r.federation.instance = r.federation.bundlerRuntime.init({ webpackRequire: r });
  r.federation.attachShareScopeMap(r);
  const installed = {};
  r.loadChunk = async (chunkId) => {
    const promises = [];
    r.federation.bundlerRuntime.consumes({
      chunkMapping,
      installedModules: installed,
      chunkId,
      moduleToHandlerMapping: {},
      promises,
      webpackRequire: r,
    });
    await Promise.all(promises);
  };
  return r;
}

const library = (version, copy) => ({ version, copy });
const sharedOf = (entries, loads) =>
  Object.fromEntries(
    entries.map(([pkg, version, requiredVersion, copy]) => [
      pkg,
      [
        {
          version,
          scope: ['default'],
          shareConfig: { singleton: true, requiredVersion, eager: false },
          get: () => {
            loads.push(`${copy}:${pkg}`);
            return Promise.resolve(() => library(version, copy));
          },
        },
      ],
    ]),
  );
const consumesOf = (entries, copy) =>
  Object.fromEntries(
    entries.map(([pkg, version, requiredVersion], i) => [
      `${copy}-${i}`,
      {
        shareKey: pkg,
        shareScope: ['default'],
        singleton: true,
        requiredVersion,
        strictVersion: false,
        eager: false,
        fallback: () => Promise.resolve(() => library(version, `${copy}-fallback`)),
      },
    ]),
  );

test('semver ranges as a webpack build writes them', () => {
  for (const [version, range, ok] of [
    ['19.3.1', '^19.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['18.3.1', '^19.0.0', false],
    ['0.1.4', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['19.3.1', '19.3.1', true],
    ['19.3.2', '19.3.1', false],
    ['2.5.0', '>=1.0.0 <3', true],
    ['3.0.0', '>=1.0.0 <3', false],
    ['4.1.0', '^3.0.0 || ^4.0.0', true],
    ['7.0.0', '*', true],
  ])
    assert.equal(satisfy(version, range), ok, `${version} ${range}`);
});

test('a host and a remote on the lean runtime: one copy of each singleton, a retry re-registers the remote', async () => {
  const loads = [];
  const host = container('shell', {
    shareStrategy: 'loaded-first',
    shared: sharedOf(
      [
        ['react', '19.3.1', '^19.0.0', 'shell'],
        ['@store/ui', '0.1.0', '^0.1.0', 'shell'],
      ],
      loads,
    ),
    consumes: consumesOf(
      [
        ['react', '19.3.1', '^19.0.0'],
        ['@store/ui', '0.1.0', '^0.1.0'],
      ],
      'shell',
    ),
    chunkMapping: { frame: ['shell-0', 'shell-1'] },
    bundler: federation,
  });
  assert.equal(init({ name: 'shell' }), host.federation.instance, "the shell's instance is the runtime's own");
  await host.loadChunk('frame');
  assert.deepEqual(host('shell-0'), library('19.3.1', 'shell'));
  assert.deepEqual(loads, ['shell:react', 'shell:@store/ui']);

  // The catalog's remoteEntry.js: its container on the page's bundler runtime, a newer @store/ui
  // (version skew) that the shell's loaded one still serves, with a warning.
  const makeCatalog = (build) => {
    const r = container('catalog', {
      shareStrategy: 'version-first',
      shared: sharedOf(
        [
          ['react', '19.3.1', '^19.0.0', build],
          ['@store/ui', '0.2.0', '^0.2.0', build],
        ],
        loads,
      ),
      consumes: consumesOf(
        [
          ['react', '19.3.1', '^19.0.0'],
          ['@store/ui', '0.2.0', '^0.2.0'],
        ],
        build,
      ),
      chunkMapping: { routes: [`${build}-0`, `${build}-1`] },
      bundler: pageBundlerRuntime,
    });
    return {
      r,
      init: (shareScope, initScope, options) =>
        r.federation.bundlerRuntime.initContainerEntry({
          webpackRequire: r,
          shareScope,
          initScope,
          remoteEntryInitOptions: options,
          shareScopeKey: 'default',
        }),
      get: async (expose) => {
        if (expose !== './routes') return undefined;
        await r.loadChunk('routes');
        return () => ({ build, react: r(`${build}-0`), ui: r(`${build}-1`) });
      },
    };
  };
  const warnings = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(message);
  try {
    CurrentGlobal.catalog = makeCatalog('catalog-1');
    registerRemotes([{ name: 'catalog', entry: 'http://localhost/remoteEntry.js' }]);
    const routes = await loadRemote('catalog/routes');
    assert.equal(routes.build, 'catalog-1');
    assert.deepEqual(routes.react, library('19.3.1', 'shell'));
    assert.deepEqual(routes.ui, library('0.1.0', 'shell'));
    assert.deepEqual(loads, ['shell:react', 'shell:@store/ui'], 'no second copy loaded');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /Version 0\.1\.0 .* @store\/ui does not satisfy .* \^0\.2\.0/);
    const catalogInstance = CurrentGlobal.catalog.r.federation.instance;
    assert.notEqual(catalogInstance, host.federation.instance);
    assert.equal(catalogInstance.shareScopeMap.default, host.federation.instance.shareScopeMap.default);
    // The catalog's newer @store/ui is registered next to the shell's, not loaded.
    assert.deepEqual(Object.keys(host.federation.instance.shareScopeMap.default['@store/ui']), ['0.1.0', '0.2.0']);

    // A retry (or a new release): registered again with force, the remote's container, instance and
    // unloaded registrations are dropped, and the new remoteEntry is loaded and initialised.
    registerRemotes([{ name: 'catalog', entry: 'http://localhost/v2/remoteEntry.js' }], { force: true });
    assert.equal(CurrentGlobal.catalog, undefined);
    assert.deepEqual(Object.keys(host.federation.instance.shareScopeMap.default['@store/ui']), ['0.1.0']);
    assert.ok(!CurrentGlobal.__FEDERATION__.__INSTANCES__.includes(catalogInstance));
    CurrentGlobal.catalog = makeCatalog('catalog-2');
    const again = await loadRemote('catalog/routes');
    assert.equal(again.build, 'catalog-2');
    assert.deepEqual(again.react, library('19.3.1', 'shell'));
    assert.notEqual(CurrentGlobal.catalog.r.federation.instance, catalogInstance);
    assert.deepEqual(
      CurrentGlobal.__FEDERATION__.__INSTANCES__.map((i) => i.name),
      ['shell', 'catalog'],
    );
    await assert.rejects(loadRemote('catalog/nothing'), /does not expose "\.\/nothing"/);
    await assert.rejects(loadRemote('cart/routes'), /no registered remote for "cart\/routes"/);
  } finally {
    console.warn = warn;
    delete CurrentGlobal.catalog;
  }
});

test('a shared module nobody registered in a fitting version: the consumer gets its own fallback', async () => {
  const loads = [];
  const r = container('cart', {
    shareStrategy: 'version-first',
    shared: {
      zod: [
        {
          version: '3.0.0',
          scope: ['default'],
          shareConfig: { singleton: false, requiredVersion: '^3.0.0' },
          get: () => Promise.resolve(() => 'zod 3'),
        },
      ],
    },
    consumes: {
      z: {
        shareKey: 'zod',
        shareScope: 'default',
        singleton: false,
        requiredVersion: '^4.0.0',
        strictVersion: false,
        eager: false,
        fallback: () => {
          loads.push('fallback');
          return Promise.resolve(() => 'zod 4 (own)');
        },
      },
    },
    chunkMapping: { forms: ['z'] },
    bundler: pageBundlerRuntime,
  });
  await r.loadChunk('forms');
  assert.equal(r('z'), 'zod 4 (own)');
  assert.deepEqual(loads, ['fallback']);
});

test('a remoteEntry.js that fails to load is forgotten: the next load tries again', async () => {
  const scripts = [];
  globalThis.document = {
    createElement: () => ({ remove() {} }),
    head: {
      append: (script) => {
        scripts.push(script.src);
        setTimeout(() => script.onerror({ type: 'error' }));
      },
    },
  };
  try {
    registerRemotes([{ name: 'account', entry: 'http://localhost:1/remoteEntry.js' }]);
    await assert.rejects(loadRemote('account/routes'), /Failed to load script "http:\/\/localhost:1\/remoteEntry\.js"/);
    await assert.rejects(loadRemote('account/routes'), /ScriptNetworkError/);
    assert.equal(scripts.length, 2);
  } finally {
    delete globalThis.document;
  }
});
