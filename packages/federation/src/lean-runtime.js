// The host's federation runtime (issue 10): what the store uses of @module-federation/runtime-core
// and @module-federation/runtime, in place of them in the shell's production build (see index.mjs,
// LEAN_RUNTIME_ALIASES, and README.md). The shell's entry carries it; every remote a shell page
// loads runs on it too (their containers' instances are made here, through remote-runtime-init.js
// and the bundler runtime the host provides, lean-bundler-runtime.js).
//
// What it does, as runtime-core 2.9.2 does it:
// - instances: `init` (the host's), `new ModuleFederation` and `initOptions` (a remote's), kept in
//   globalThis.__FEDERATION__.__INSTANCES__;
// - remotes: `registerRemotes` (with `force`: the remote's container, its script, its instance and
//   what it registered in the share scope and did not load are dropped), `loadRemote('name/expose')`
//   of a remoteEntry.js (a script setting a global; an ES module for type 'module'/'esm'): the
//   entry is loaded once per name and URL (a failure is forgotten, so a retry loads it again), the
//   container initialised once with the host's share scope, then `get(expose)` and its factory;
// - sharing: `initializeSharing` (each instance registers its shared modules in the scope; an entry
//   that is loaded, or registered with the 'loaded-first' strategy, is never replaced), `loadShare`
//   (the version 'loaded-first' or 'version-first' picks; a singleton whose version does not satisfy
//   the consumer's requiredVersion is used with a warning, or an error with strictVersion; false when
//   nothing fits, and the consumer uses its own fallback), `initShareScopeMap`.
// Left out (they fail or do nothing): runtime plugins' hooks (the store's plugins have none; plugins
// are only kept in the options), manifests and snapshots, preloadRemote, eager shared modules
// (loadShareSync), 'version-first' loading every remote at start-up, remote aliases, tree shaking of
// shared modules, Node.js.

const CurrentGlobal = globalThis;
const federationGlobal = (CurrentGlobal.__FEDERATION__ ||= {});
const instances = (federationGlobal.__INSTANCES__ ||= []);

// ── semver: the ranges a webpack build writes (^, ~, >=, <=, >, <, =, x, *, ||) ────────────────────
const parts = (version) =>
  String(version)
    .replace(/^[=v\s]+/, '')
    .split(/[-+]/)[0]
    .split('.');
/** a - b on the parts b names; a part b leaves out (or x, *) matches anything unless `full` */
function compare(a, b, full) {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) {
    if (!full && (y[i] === undefined || /^[x*]$/i.test(y[i]))) return 0;
    const d = (Number(x[i]) || 0) - (Number(y[i]) || 0);
    if (d) return d;
  }
  return 0;
}
export function satisfy(version, range) {
  return String(range)
    .split('||')
    .some((alternative) =>
      alternative
        .trim()
        .split(/\s+/)
        .every((comparator) => {
          const [, op = '', bound] = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(comparator);
          if (!bound || bound === '*' || /^x$/i.test(bound)) return true;
          const d = compare(version, bound);
          if (op === '>=') return d >= 0;
          if (op === '<=') return d <= 0;
          if (op === '>') return d > 0;
          if (op === '<') return d < 0;
          if (op === '' || op === '=') return d === 0;
          // ^: the same parts up to the leftmost non-zero one; ~: the same major and minor.
          const b = parts(bound);
          const keep = op === '~' ? 2 : b.findIndex((p) => Number(p) !== 0) + 1 || 3;
          return compare(version, bound, true) >= 0 && compare(version, b.slice(0, keep).join('.')) === 0;
        }),
    );
}
/** a <= b (missing parts are 0), as runtime-core orders versions */
const atMost = (a, b) => compare(a, b, true) <= 0;

// ── shared modules ─────────────────────────────────────────────────────────────────────────────
const isLoaded = (s) => Boolean(s.loaded) || typeof s.lib === 'function';
const isLoadedOrLoading = (s) => isLoaded(s) || Boolean(s.loading);

/** The version of a shared module a consumer gets from `versions` ({ [version]: shared }). */
function pickVersion(versions, strategy) {
  return Object.keys(versions).reduce((prev, cur) => {
    if (!prev) return cur;
    const [p, c] = [versions[prev], versions[cur]];
    let take;
    if (strategy === 'loaded-first' && isLoadedOrLoading(p) !== isLoadedOrLoading(c)) take = isLoadedOrLoading(c);
    else take = (strategy === 'loaded-first' || !isLoaded(p)) && atMost(prev, cur);
    return take || prev === '0' ? cur : prev;
  }, '');
}

function formatShared(shared, from, shareStrategy) {
  return {
    deps: [],
    useIn: [],
    from,
    loading: null,
    ...shared,
    shareConfig: {
      requiredVersion: `^${shared.version}`,
      singleton: false,
      eager: false,
      strictVersion: false,
      ...shared.shareConfig,
    },
    get: 'get' in shared ? shared.get : () => Promise.resolve(shared.lib),
    loaded: shared.loaded || 'lib' in shared ? true : undefined,
    version: shared.version ?? '0',
    scope: [].concat(shared.scope ?? 'default'),
    strategy: (shared.strategy ?? shareStrategy) || 'version-first',
  };
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
function merge(...sources) {
  const out = {};
  for (const source of sources)
    for (const [key, value] of Object.entries(source || {}))
      if (isPlainObject(out[key]) && isPlainObject(value)) out[key] = merge(out[key], value);
      else if (value !== undefined) out[key] = value;
  return out;
}

function fail(message) {
  throw new Error(`[ Federation Runtime ]: ${message}`);
}

// ── remote entries ─────────────────────────────────────────────────────────────────────────────
/** remoteEntry.js loads in progress or done, by remote name and URL (a failed one is forgotten). */
const entryLoads = {};
const entryKey = (remote) => `${remote.name}:${remote.entry}`;

function loadScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const done = (event) => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      script.remove();
      if (event.type === 'load') resolve();
      else reject(new Error(`ScriptNetworkError: Failed to load script "${url}" (${event.type})`));
    };
    const timer = setTimeout(() => done({ type: 'timeout' }), 20_000);
    script.onload = script.onerror = done;
    script.src = url;
    document.head.append(script);
  });
}

function loadEntry(remote) {
  const key = entryKey(remote);
  if (!entryLoads[key]) {
    const globalName = remote.entryGlobalName || remote.name;
    const loading = /^(module|esm)$/.test(remote.type)
      ? import(/* webpackIgnore: true */ remote.entry)
      : CurrentGlobal[globalName]
        ? Promise.resolve(CurrentGlobal[globalName])
        : loadScript(remote.entry).then(
            () =>
              CurrentGlobal[globalName] ||
              fail(`remote "${remote.name}": ${remote.entry} loaded but did not set "${globalName}" (RUNTIME-001)`),
          );
    entryLoads[key] = loading;
    loading.catch(() => {
      if (entryLoads[key] === loading) delete entryLoads[key];
    });
  }
  return entryLoads[key];
}

// ── instances ──────────────────────────────────────────────────────────────────────────────────
export class ModuleFederation {
  constructor(userOptions) {
    this.name = userOptions.name;
    this.version = 'store-lean';
    this.options = { id: userOptions.id, name: userOptions.name, plugins: [], remotes: [], shared: {} };
    this.shareScopeMap = {};
    this.initTokens = {};
    /** remote name → { remote, container, init } */
    this.moduleCache = new Map();
    this.initOptions(userOptions);
  }

  initOptions(userOptions) {
    const options = this.options;
    const plugins = [...options.plugins];
    for (const plugin of userOptions.plugins || []) if (!plugins.includes(plugin)) plugins.push(plugin);
    const shared = { ...options.shared };
    for (const [pkgName, value] of Object.entries(userOptions.shared || {}))
      for (const item of [].concat(value)) {
        const formatted = formatShared(item, userOptions.name, userOptions.shareStrategy);
        shared[pkgName] ||= [];
        if (!shared[pkgName].some((s) => s.version === formatted.version)) shared[pkgName].push(formatted);
      }
    this.options = {
      ...options,
      ...userOptions,
      plugins,
      remotes: options.remotes,
      shared,
      id: userOptions.id || options.id,
    };
    for (const remote of userOptions.remotes || []) this.registerRemote(remote);
    return this.options;
  }

  // ── sharing ──
  initShareScopeMap(scopeName, shareScope) {
    this.shareScopeMap[scopeName] = shareScope;
  }

  /** Registers this instance's shared modules in a scope; `from: 'build'` skips the once-only token. */
  initializeSharing(scopeName = 'default', extraOptions) {
    if (extraOptions?.from !== 'build') {
      const initScope = extraOptions?.initScope || [];
      const token = (this.initTokens[scopeName] ||= { from: this.name });
      if (initScope.includes(token)) return [];
      initScope.push(token);
    }
    const scope = (this.shareScopeMap[scopeName] ||= {});
    for (const [pkgName, list] of Object.entries(this.options.shared))
      for (const shared of list) {
        if (!shared.scope.includes(scopeName)) continue;
        const versions = (scope[pkgName] ||= {});
        const active = versions[shared.version];
        const eager = Boolean(shared.eager ?? shared.shareConfig?.eager);
        const activeEager = Boolean(active && (active.eager || active.shareConfig?.eager));
        if (
          !active ||
          (active.strategy !== 'loaded-first' &&
            !active.loaded &&
            (eager !== activeEager ? eager : this.options.name > active.from))
        )
          versions[shared.version] = shared;
      }
    return [];
  }

  /** This instance's options for a shared module (its highest version) with the consumer's. */
  sharedOptions(pkgName, extraOptions) {
    const own = this.options.shared[pkgName];
    const versions = {};
    for (const shared of own || []) versions[shared.version] = shared;
    const version = Object.keys(versions).reduce(
      (prev, cur) => (!prev || (!isLoaded(versions[prev]) && atMost(prev, cur)) || prev === '0' ? cur : prev),
      '',
    );
    return merge(versions[version], extraOptions?.customShareInfo);
  }

  /** The registered entry a consumer with `options` gets, or undefined. */
  registeredShared(pkgName, options) {
    const { shareConfig, scope = 'default', strategy } = options;
    for (const scopeName of [].concat(scope)) {
      const versions = this.shareScopeMap[scopeName]?.[pkgName];
      if (!shareConfig || !versions) continue;
      const version = pickVersion(versions, strategy);
      const { requiredVersion, singleton, strictVersion } = shareConfig;
      if (singleton) {
        if (typeof requiredVersion === 'string' && !satisfy(version, requiredVersion)) {
          const message = `Version ${version} from ${versions[version].from} of shared singleton module ${pkgName} does not satisfy the requirement of ${options.from} which needs ${requiredVersion})`;
          if (strictVersion) fail(message);
          console.warn(`[ Federation Runtime ]: ${message}`);
        }
        return versions[version];
      }
      if (requiredVersion === false || requiredVersion === '*' || satisfy(version, requiredVersion))
        return versions[version];
      const fitting = Object.keys(versions).find((v) => satisfy(v, requiredVersion));
      return fitting && versions[fitting];
    }
  }

  /** A shared module's factory from the share scope; false when none fits (the consumer's fallback). */
  async loadShare(pkgName, extraOptions) {
    const options = this.sharedOptions(pkgName, extraOptions);
    for (const scopeName of [].concat(options.scope || [])) this.initializeSharing(scopeName);
    const shared = this.registeredShared(pkgName, options);
    if (!shared) return false;
    const { name } = this.options;
    if (!shared.useIn) shared.useIn = [];
    if (!shared.useIn.includes(name)) shared.useIn.push(name);
    if (shared.lib) return shared.lib;
    if (!shared.loading || shared.loaded) {
      shared.loading = Promise.resolve(shared.get()).then((factory) => {
        shared.loaded = true;
        return (shared.lib = factory);
      });
      shared.from = name;
    }
    const factory = await shared.loading;
    shared.loaded = true;
    return (shared.lib ||= factory);
  }

  loadShareSync(pkgName) {
    fail(`"${pkgName}": eager shared modules (loadShareSync) are left out of the store's lean runtime`);
  }

  // ── remotes ──
  registerRemotes(remotes, options) {
    for (const remote of remotes) this.registerRemote(remote, options?.force);
  }

  registerRemote(remote, force) {
    const { remotes } = this.options;
    const registered = remotes.find((r) => r.name === remote.name);
    if (registered && !force) return;
    if (registered) this.removeRemote(registered);
    if (remote.entry && !/^https?:/.test(remote.entry) && typeof location !== 'undefined')
      remote.entry = new URL(remote.entry, location.origin).href;
    remote.shareScope ||= 'default';
    remote.type ||= 'global';
    remotes.push(remote);
  }

  /** Drops a remote: its container, script load, instance and what it registered and did not load. */
  removeRemote(remote) {
    const { remotes } = this.options;
    remotes.splice(remotes.indexOf(remote), 1);
    const loaded = this.moduleCache.get(remote.name);
    if (!loaded) return;
    this.moduleCache.delete(remote.name);
    const globalName = loaded.remote.entryGlobalName || remote.name;
    if (CurrentGlobal[globalName]) {
      if (Object.getOwnPropertyDescriptor(CurrentGlobal, globalName)?.configurable) delete CurrentGlobal[globalName];
      else CurrentGlobal[globalName] = undefined;
    }
    delete entryLoads[entryKey(loaded.remote)];
    const index = instances.findIndex((instance) => instance.name === remote.name);
    if (index >= 0) instances.splice(index, 1);
    for (const scope of Object.values(this.shareScopeMap))
      for (const versions of Object.values(scope))
        for (const [version, shared] of Object.entries(versions))
          if (shared.from === remote.name && !isLoadedOrLoading(shared)) delete versions[version];
  }

  /** `name/expose` of a registered remote: the exposed module (or its factory, with loadFactory: false). */
  async loadRemote(id, options) {
    const remote = this.options.remotes.find(
      (r) => id === r.name || (id.startsWith(r.name) && id[r.name.length] === '/'),
    );
    if (!remote) fail(`no registered remote for "${id}" in "${this.options.name}" (RUNTIME-004)`);
    const expose = `.${id.slice(remote.name.length)}`; // './routes', or '.'
    let loaded = this.moduleCache.get(remote.name);
    if (!loaded) this.moduleCache.set(remote.name, (loaded = { remote }));
    const container = (loaded.container ||= await loadEntry(remote));
    if (!loaded.init) {
      const scopeName = remote.shareScope;
      const shareScope = (this.shareScopeMap[scopeName] ||= {});
      const initOptions = { version: remote.version || '', shareScopeKeys: scopeName };
      Object.defineProperty(initOptions, 'shareScopeMap', { value: this.shareScopeMap, enumerable: false });
      loaded.init = Promise.resolve(container.init(shareScope, [], initOptions));
      loaded.init.catch(() => {
        if (this.moduleCache.get(remote.name) === loaded) loaded.init = undefined;
      });
    }
    await loaded.init;
    const factory = await container.get(expose);
    if (!factory) fail(`remote "${remote.name}" does not expose "${expose}" (RUNTIME-014)`);
    return options?.loadFactory === false ? factory : factory();
  }
}

export function getGlobalFederationConstructor() {
  return federationGlobal.__DEBUG_CONSTRUCTOR__;
}

export function setGlobalFederationInstance(instance) {
  instances.push(instance);
}

// ── @module-federation/runtime: the host's instance ────────────────────────────────────────────
let current = null;

/** The host's instance, made by the first call (the bundler runtime's init); later calls add options. */
export function init(options) {
  if (current) {
    current.initOptions(options);
    return current;
  }
  current = new ModuleFederation({ ...options, id: options.id || `${options.name}@${options.version || Date.now()}` });
  setGlobalFederationInstance(current);
  return current;
}

const host = () => current || fail('the federation instance is not initialised (RUNTIME-009)');
export const loadRemote = (...args) => host().loadRemote(...args);
export const registerRemotes = (...args) => host().registerRemotes(...args);
export const loadShare = (...args) => host().loadShare(...args);
export const getInstance = () => current;

export { CurrentGlobal, CurrentGlobal as Global };
