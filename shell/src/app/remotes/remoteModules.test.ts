/**
 * @jest-environment node
 */
// Node's environment for its fetch (jsdom has none). The federation runtime is replaced by a
// recorder: what is checked is what the shell registers with it, and when.
import { startTestServer } from '@store/http/test-server';
import { loadExposed, markRemoteFailed, registerRemotesConfig } from './remoteModules';
import { RemoteLoadError } from './remoteLoadError';

const registered: { name: string; entry: string; type?: string }[][] = [];
let loadResult: () => Promise<unknown> = async () => ({ views: {} });
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(remotes),
  loadRemote: () => loadResult(),
}));

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
};

describe('loadExposed', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let status = 200;
  let manifestUrl = '';
  beforeEach(async () => {
    status = 200;
    registered.length = 0;
    loadResult = async () => ({ views: {} });
    server = await startTestServer(() => ({ status, body: status === 200 ? manifest : { detail: 'Not found.' } }));
    manifestUrl = server.baseURL.replace(/api\/$/, 'catalog/mf-manifest.json');
    registerRemotesConfig({ catalog: { entry: manifestUrl } });
  });
  afterEach(() => server.close());

  it('registers a remote by the remoteEntry.js its manifest names, once for all its modules', async () => {
    await Promise.all([loadExposed('catalog', 'routes'), loadExposed('catalog', 'embed')]);
    await loadExposed('catalog', 'routes');
    const entry = manifestUrl.replace('mf-manifest.json', 'remoteEntry.js');
    expect(registered).toEqual([[{ name: 'catalog', entry, type: 'global' }]]);
    expect(server.requests).toHaveLength(1);
  });

  it('fails with a RemoteLoadError when the manifest does not answer, and a retry reads it again', async () => {
    status = 404;
    await expect(loadExposed('catalog', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(registered).toEqual([]);
    status = 200;
    await loadExposed('catalog', 'routes');
    expect(registered).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('registers again (dropping the cached entry) after a failed load or an unusable module', async () => {
    loadResult = async () => {
      throw new Error('remoteEntry.js threw');
    };
    await expect(loadExposed('catalog', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    loadResult = async () => ({ views: {} });
    await loadExposed('catalog', 'routes');
    markRemoteFailed('catalog');
    await loadExposed('catalog', 'routes');
    expect(registered).toHaveLength(3);
  });

  it('registers an entry that is a remoteEntry.js as it is, and refuses a remote with no URL', async () => {
    registerRemotesConfig({ cart: { entry: 'http://cdn.test/cart/remoteEntry.js' } });
    await loadExposed('cart', 'MiniCart');
    expect(registered).toEqual([[{ name: 'cart', entry: 'http://cdn.test/cart/remoteEntry.js' }]]);
    await expect(loadExposed('account', 'routes')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(server.requests).toHaveLength(0);
  });
});
