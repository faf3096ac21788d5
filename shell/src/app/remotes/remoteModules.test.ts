/**
 * @jest-environment node
 */
// The federation runtime itself (@module-federation/enhanced/runtime: init, registerRemotes,
// loadRemote, preloadRemote) and the remote's real mf-manifest.json over loopback HTTP. What jest
// cannot do is run a browser remoteEntry.js (the runtime's Node.js loader needs
// --experimental-vm-modules), so this test's runtime plugin hands the runtime the remote's container
// through the runtime's own `loadEntry` hook. e2e/remotes.spec.ts and release.spec.ts load the builds.
import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { startTestServer } from '@store/http/test-server';
import { loadExposed, markRemoteFailed, preloadExposed, registerRemotesConfig } from './remoteModules';
import { RemoteLoadError } from './remoteLoadError';

/** The remote's manifest as the plugin writes it (mf-catalog's, its file names aside). */
const manifest = {
  id: 'catalog',
  name: 'catalog',
  metaData: {
    name: 'catalog',
    type: 'app',
    buildInfo: { buildVersion: '0.1.0', buildName: 'mf-catalog' },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    types: { path: '', name: '', zip: '', api: '' },
    globalName: 'catalog',
    pluginVersion: '2.9.2',
    publicPath: 'auto',
  },
  shared: [],
  remotes: [],
  exposes: ['routes', 'embed'].map((name) => ({
    id: `catalog:${name}`,
    name,
    path: `./${name}`,
    assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } },
  })),
};

/** What the runtime did: the remotes registered, the remoteEntry.js URLs it loaded. */
const registered: string[] = [];
const entriesLoaded: string[] = [];
let entryFails = false;
const recorder: ModuleFederationRuntimePlugin = {
  name: 'remote-modules-test',
  registerRemote(args) {
    registered.push(`${args.remote.name} ${'entry' in args.remote ? args.remote.entry : ''}`);
    return args;
  },
  async loadEntry({ remoteInfo }) {
    entriesLoaded.push(remoteInfo.entry);
    if (entryFails) throw new Error('remoteEntry.js threw');
    return {
      init: () => {},
      get: (expose: string) => async () => ({ expose, views: {} }),
    };
  },
};
init({ name: 'shell', remotes: [], shared: {}, shareStrategy: 'loaded-first', plugins: [recorder] });

describe('loadExposed', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let status = 200;
  let manifestUrl = '';
  beforeEach(async () => {
    status = 200;
    entryFails = false;
    registered.length = 0;
    entriesLoaded.length = 0;
    server = await startTestServer(() => ({ status, body: status === 200 ? manifest : { detail: 'Not found.' } }));
    manifestUrl = server.baseURL.replace(/api\/$/, `catalog/v${Math.random()}/mf-manifest.json`);
    registerRemotesConfig({ catalog: { entry: manifestUrl } });
  });
  afterEach(() => server.close());

  it('registers a remote by its manifest, once for all its modules, and loads the entry the manifest names', async () => {
    const [routes, embed] = await Promise.all([
      loadExposed<{ expose: string }>('catalog', 'routes'),
      loadExposed<{ expose: string }>('catalog', 'embed'),
    ]);
    expect([routes?.expose, embed?.expose]).toEqual(['./routes', './embed']);
    await loadExposed('catalog', 'routes');
    expect(registered).toEqual([`catalog ${manifestUrl}`]);
    expect(entriesLoaded).toEqual([manifestUrl.replace('mf-manifest.json', 'remoteEntry.js')]);
    expect(server.requests.map((r) => r.url)).toEqual([new URL(manifestUrl).pathname]);
  });

  it('fails with a RemoteLoadError when the manifest does not answer, and a retry reads it again', async () => {
    status = 404;
    await expect(loadExposed('catalog', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(entriesLoaded).toEqual([]);
    status = 200;
    await expect(loadExposed('catalog', 'routes')).resolves.toMatchObject({ expose: './routes' });
    expect(registered).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('registers again, its manifest and entry loaded again, after a failed load or an unusable module', async () => {
    entryFails = true;
    await expect(loadExposed('catalog', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    entryFails = false;
    await loadExposed('catalog', 'routes');
    markRemoteFailed('catalog');
    await loadExposed('catalog', 'routes');
    expect(registered).toHaveLength(3);
    expect(entriesLoaded).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it('refuses a remote with no URL without a request', async () => {
    await expect(loadExposed('account', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(registered).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('preloadExposed', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeEach(async () => {
    registered.length = 0;
    entriesLoaded.length = 0;
    server = await startTestServer(() => ({ status: 200, body: manifest }));
  });
  afterEach(() => server.close());

  it('starts the manifest, which the load then uses: one request', async () => {
    const manifestUrl = server.baseURL.replace(/api\/$/, 'cart/mf-manifest.json');
    registerRemotesConfig({ cart: { entry: manifestUrl } });
    preloadExposed('cart', 'routes');
    await waitFor(() => server.requests.length === 1);
    await loadExposed('cart', 'routes');
    expect(registered).toEqual([`cart ${manifestUrl}`]);
    expect(server.requests).toHaveLength(1);
  });

  it('does nothing for a remote configured by its remoteEntry.js, or not configured', () => {
    registerRemotesConfig({ cart: { entry: server.baseURL.replace(/api\/$/, 'remoteEntry.js') } });
    preloadExposed('cart', 'routes');
    preloadExposed('account', 'routes');
    expect(registered).toEqual([]);
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
