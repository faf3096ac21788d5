// The host's webpack bundler runtime (issue 10): what the store's containers call of
// @module-federation/webpack-bundler-runtime 2.9.2, in its place in the shell's production build
// (see index.mjs and README.md). The shell's own `__webpack_require__.federation` is built from it,
// and so is the copy the host provides to every remote (bundler-runtime-global.js): the functions
// take the container's own `__webpack_require__`.
//
// Kept, as the original does them: `init` (the container's instance, from its `runtime.init`),
// `consumes` (a chunk's shared modules through the instance's loadShare, else the container's own
// fallback), `I` (initialise sharing: the container's shared modules into the scope),
// `initContainerEntry` (a remote's `init(shareScope, initScope, options)`: the host's scope becomes
// the remote's) and `attachShareScopeMap`. Left out: static remotes (`remotes`, and initialising
// their share scopes; no store app declares `remotes` in its build), eager shared modules
// (`installInitialConsumes`), the tree-shaking of shared modules (`sharedFallback`, usedExports),
// layers.
import { init as initHost } from './lean-runtime.js';

export function attachShareScopeMap(webpackRequire) {
  const { federation } = webpackRequire;
  if (!webpackRequire.S || federation.hasAttachShareScopeMap || !federation.instance?.shareScopeMap) return;
  webpackRequire.S = federation.instance.shareScopeMap;
  federation.hasAttachShareScopeMap = true;
}

function init({ webpackRequire }) {
  const { initOptions, runtime: containerRuntime } = webpackRequire.federation;
  if (!initOptions) throw new Error('initOptions is required!');
  return containerRuntime.init(initOptions);
}

function consumes({ chunkId, promises, installedModules, webpackRequire, chunkMapping }) {
  attachShareScopeMap(webpackRequire);
  const { moduleIdToConsumeDataMapping } = webpackRequire.consumesLoadingData;
  for (const id of (webpackRequire.o(chunkMapping, chunkId) && chunkMapping[chunkId]) || []) {
    if (webpackRequire.o(installedModules, id)) {
      promises.push(installedModules[id]);
      continue;
    }
    const onError = (error) => {
      delete installedModules[id];
      webpackRequire.m[id] = () => {
        delete webpackRequire.c[id];
        throw error;
      };
    };
    try {
      const instance = webpackRequire.federation.instance;
      if (!instance) throw new Error('Federation instance not found!');
      const data = moduleIdToConsumeDataMapping[id];
      const { requiredVersion, strictVersion, singleton, eager, shareScope } = data;
      const scope = [].concat(shareScope || 'default');
      const customShareInfo = {
        shareConfig: { requiredVersion, strictVersion, singleton, eager },
        scope: Array.isArray(scope[0]) ? scope[0] : scope,
      };
      promises.push(
        (installedModules[id] = instance
          .loadShare(data.shareKey, { customShareInfo })
          .then((factory) => (factory === false ? data.fallback() : factory))
          .then((factory) => {
            installedModules[id] = 0;
            webpackRequire.m[id] = (module) => {
              delete webpackRequire.c[id];
              module.exports = factory();
            };
          })
          .catch(onError)),
      );
    } catch (error) {
      onError(error);
    }
  }
}

function initializeSharing({ shareScopeName, webpackRequire, initPromises, initTokens, initScope }) {
  return Promise.all(
    [].concat(shareScopeName).map((key) => {
      initScope ||= [];
      const instance = webpackRequire.federation.instance;
      const token = (initTokens[key] ||= { from: instance.name });
      if (initScope.includes(token)) return;
      initScope.push(token);
      if (initPromises[key]) return initPromises[key];
      instance.initializeSharing(key, { strategy: instance.options.shareStrategy, initScope, from: 'build' });
      attachShareScopeMap(webpackRequire);
      return (initPromises[key] = true);
    }),
  ).then(() => true);
}

/** A remote container's `init`: the host's share scope (map) becomes the remote instance's. */
export function initContainerEntry({ webpackRequire, shareScope, initScope, shareScopeKey, remoteEntryInitOptions }) {
  const { federation } = webpackRequire;
  if (!webpackRequire.S || !federation?.instance || !federation.initOptions) return;
  const instance = federation.instance;
  instance.initOptions({ name: federation.initOptions.name, remotes: [], ...remoteEntryInitOptions });
  const hostKeys = remoteEntryInitOptions?.shareScopeKeys;
  const hostMap = remoteEntryInitOptions?.shareScopeMap;
  const keys = [].concat(shareScopeKey || 'default');
  if (Array.isArray(hostKeys) && hostMap)
    for (const key of typeof shareScopeKey === 'string' || !shareScopeKey ? hostKeys : keys)
      instance.initShareScopeMap(key, (hostMap[key] ||= {}));
  else for (const key of keys) instance.initShareScopeMap(key, shareScope);
  federation.attachShareScopeMap?.(webpackRequire);
  return webpackRequire.I(Array.isArray(shareScopeKey) ? shareScopeKey : shareScopeKey || 'default', initScope);
}

function installInitialConsumes() {
  throw new Error("Eager shared modules are left out of the store's lean federation runtime");
}

export const bundlerRuntime = {
  consumes,
  I: initializeSharing,
  S: {},
  installInitialConsumes,
  initContainerEntry,
  init,
};

const federation = {
  runtime: { init: initHost },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
export default federation;
