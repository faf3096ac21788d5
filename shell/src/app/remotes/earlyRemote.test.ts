/**
 * @jest-environment node
 */
// Node's environment for its fetch (jsdom has none); the page is a small stand-in document below.
import { startTestServer } from '@store/http/test-server';
import { remoteEntryUrl, routeView, routesScripts, startRouteRemote, takeEarlyManifest } from './earlyRemote';
import { INLINE_REMOTES_CONFIG_ID } from './remotesConfig';

/** What startRouteRemote reads and writes of the page: the inlined config and <head>'s links. */
function page(config: object | null) {
  const links: { rel: string; as: string; href: string }[] = [];
  const doc = {
    getElementById: (id: string) =>
      id === INLINE_REMOTES_CONFIG_ID && config ? { textContent: JSON.stringify(config) } : null,
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { append: (link: (typeof links)[number]) => links.push(link) },
  };
  return {
    doc: doc as unknown as Document,
    preloads: () => links.filter((l) => l.rel === 'preload' && l.as === 'script').map((l) => l.href),
  };
}

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './embed', assets: { js: { sync: ['287.js'] } } },
    { path: './routes', assets: { js: { sync: ['806.js'], async: ['210.js'] } } },
  ],
};

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

describe('routesScripts', () => {
  it('is the remote entry and the ./routes module’s own chunks, next to the manifest', () => {
    expect(routesScripts('http://cdn.test/catalog/v2/mf-manifest.json', manifest)).toEqual([
      'http://cdn.test/catalog/v2/remoteEntry.js',
      'http://cdn.test/catalog/v2/806.js',
    ]);
    expect(
      routesScripts('http://cdn.test/mf-manifest.json', {
        ...manifest,
        metaData: { ...manifest.metaData, remoteEntry: { name: 'remoteEntry.js', path: 'js/' } },
      })[0],
    ).toBe('http://cdn.test/js/remoteEntry.js');
  });
  it('is nothing for a manifest it cannot place (a fixed public path, no entry)', () => {
    expect(routesScripts('http://cdn.test/mf-manifest.json', { metaData: { publicPath: 'https://x/' } })).toEqual([]);
    expect(routesScripts('http://cdn.test/mf-manifest.json', {})).toEqual([]);
  });
});

describe('remoteEntryUrl', () => {
  it('places the entry next to the manifest (publicPath auto) or under the public path', () => {
    expect(remoteEntryUrl('http://cdn.test/catalog/v2/mf-manifest.json', manifest)).toBe(
      'http://cdn.test/catalog/v2/remoteEntry.js',
    );
    const at = (publicPath: string, path = '') =>
      remoteEntryUrl('http://cdn.test/catalog/mf-manifest.json', {
        metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path } },
      });
    expect(at('auto', 'js/')).toBe('http://cdn.test/catalog/js/remoteEntry.js');
    expect(at('https://static.test/c/')).toBe('https://static.test/c/remoteEntry.js');
    expect(at('/c/', 'js')).toBe('http://cdn.test/c/js/remoteEntry.js');
  });
  it('is null when the manifest names no entry or no public path', () => {
    expect(remoteEntryUrl('http://cdn.test/mf-manifest.json', {})).toBeNull();
    expect(remoteEntryUrl('http://cdn.test/mf-manifest.json', { metaData: { publicPath: 'auto' } })).toBeNull();
    expect(
      remoteEntryUrl('http://cdn.test/mf-manifest.json', { metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
    ).toBeNull();
  });
});

describe('startRouteRemote', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let status = 200;
  let entry = '';
  beforeEach(async () => {
    status = 200;
    server = await startTestServer(() => ({ status, body: status === 200 ? manifest : { detail: 'Not found.' } }));
    entry = server.baseURL.replace(/api\/$/, 'mf-manifest.json');
  });
  afterEach(() => server.close());

  it('fetches the page’s manifest once, hands it out once, and preloads the entry and routes chunk', async () => {
    const { doc, preloads } = page({ catalog: { entry } });
    startRouteRemote('/products/3', doc);
    const response = takeEarlyManifest(entry);
    expect(takeEarlyManifest(entry)).toBeUndefined();
    expect(await (await response!).json()).toEqual(manifest);
    await waitFor(() => preloads().length === 2);
    const base = entry.replace('mf-manifest.json', '');
    expect(preloads()).toEqual([`${base}remoteEntry.js`, `${base}806.js`]);
    expect(server.requests).toHaveLength(1);
  });

  it('preloads nothing when the manifest does not answer 200 (a retry must not meet a failed preload)', async () => {
    status = 404;
    const { doc, preloads } = page({ catalog: { entry } });
    startRouteRemote('/', doc);
    expect((await takeEarlyManifest(entry)!).status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    expect(preloads()).toEqual([]);
  });

  it('does nothing for the shell’s own pages or without an inlined config', () => {
    startRouteRemote('/contact', page({ catalog: { entry } }).doc);
    startRouteRemote('/', page(null).doc);
    expect(takeEarlyManifest(entry)).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
