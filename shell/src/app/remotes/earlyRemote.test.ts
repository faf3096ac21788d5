/**
 * @jest-environment node
 */
// Node's environment for its fetch (jsdom has none); the page is a small stand-in document below, the
// federation runtime the real one, the manifest served over loopback HTTP.
import { init } from '@module-federation/enhanced/runtime';
import { startTestServer } from '@store/http/test-server';
import { routeView, startRouteRemote } from './earlyRemote';
import { INLINE_REMOTES_CONFIG_ID } from './remotesConfig';

/** What startRouteRemote reads of the page: the inlined config. */
function page(config: object | null) {
  const doc = {
    getElementById: (id: string) =>
      id === INLINE_REMOTES_CONFIG_ID && config ? { textContent: JSON.stringify(config) } : null,
  };
  return doc as unknown as Document;
}

/** A remote's manifest as the plugin writes it (what the runtime reads of it). */
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
  exposes: [
    {
      id: 'catalog:routes',
      name: 'routes',
      path: './routes',
      assets: { js: { sync: ['806.js'], async: [] }, css: { sync: [], async: [] } },
    },
  ],
};

/** The federation runtime itself; its plugin hook tells which remotes the shell registered. */
const registered: string[] = [];
init({
  name: 'shell',
  remotes: [],
  shared: {},
  shareStrategy: 'loaded-first',
  plugins: [
    {
      name: 'early-remote-test',
      registerRemote(args) {
        registered.push(`${args.remote.name} ${'entry' in args.remote ? args.remote.entry : ''}`);
        return args;
      },
    },
  ],
});

describe('routeView', () => {
  it('names the remote view of each storefront address, and none for the shell’s own pages', () => {
    expect(routeView('/')).toEqual({ remote: 'catalog', view: 'Home' });
    expect(routeView('/products/category/Shoes')).toEqual({ remote: 'catalog', view: 'Products' });
    expect(routeView('/cart')).toEqual({ remote: 'cart', view: 'Cart' });
    expect(routeView('/checkout/confirmation/3')).toEqual({ remote: 'cart', view: 'Checkout' });
    expect(routeView('/account')).toEqual({ remote: 'account', view: 'Account' });
    expect(routeView('/orders/12')).toEqual({ remote: 'account', view: 'Orders' });
    expect(routeView('/admin/products')).toEqual({ remote: 'admin', view: 'Admin' });
    expect(routeView('/contact')).toBeNull();
    expect(routeView('/cart/extra')).toBeNull(); // the route table's 404, as router.tsx mounts it
    expect(routeView('/auth/login')).toBeNull();
  });
});

describe('startRouteRemote', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let entry = '';
  beforeEach(async () => {
    registered.length = 0;
    server = await startTestServer(() => ({ status: 200, body: manifest }));
    entry = server.baseURL.replace(/api\/$/, `v${Math.random()}/mf-manifest.json`);
  });
  afterEach(() => server.close());

  it('registers the inlined config and starts the manifest of the remote that draws the page', async () => {
    startRouteRemote('/products/3', page({ catalog: { entry }, cart: { entry: `${entry}?cart` } }));
    expect(registered).toEqual([`catalog ${entry}`]);
    await waitFor(() => server.requests.length === 1);
    expect(server.requests.map((r) => r.url)).toEqual([new URL(entry).pathname]);
  });

  it('does nothing for the shell’s own pages or without an inlined config', async () => {
    startRouteRemote('/contact', page({ catalog: { entry } }));
    startRouteRemote('/', page(null));
    await new Promise((r) => setTimeout(r, 50));
    expect(registered).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
