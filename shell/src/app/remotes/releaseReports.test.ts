/**
 * @jest-environment node
 */
// The federation runtime itself, with the shell's reporting plugin; the manifest over loopback HTTP,
// the container handed over by a test plugin's `loadEntry` (jest cannot run a browser remoteEntry.js).
import { init, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { startTestServer } from '@store/http/test-server';
import { releaseReportsPlugin, type RemoteReport } from './releaseReports';

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
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    },
  ],
};

const reports: RemoteReport[] = [];
let entryFails = false;
init({
  name: 'shell',
  remotes: [],
  shared: {},
  shareStrategy: 'loaded-first',
  plugins: [
    {
      name: 'container-for-test',
      async loadEntry() {
        if (entryFails) throw new Error('remoteEntry.js threw');
        return { init: () => {}, get: () => async () => ({ views: {} }) };
      },
    },
  ],
});
registerPlugins([releaseReportsPlugin({ buildOf: () => 'cat-7', send: (r) => reports.push(r) })]);

describe('releaseReportsPlugin', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let status = 200;
  beforeEach(async () => {
    reports.length = 0;
    status = 200;
    entryFails = false;
    server = await startTestServer(() => ({ status, body: status === 200 ? manifest : { detail: 'Not found.' } }));
  });
  afterEach(() => server.close());
  const register = () =>
    registerRemotes(
      [{ name: 'catalog', entry: server.baseURL.replace(/api\/$/, `v${Math.random()}/mf-manifest.json`) }],
      {
        force: true,
      },
    );

  it('reports a remote’s load once per page, with the build this visitor was given', async () => {
    register();
    await loadRemote('catalog/routes');
    await loadRemote('catalog/routes');
    expect(reports).toEqual([{ remote: 'catalog', build: 'cat-7', kind: 'load' }]);
  });

  it('reports a load that fails (manifest or entry) and leaves the error to the shell', async () => {
    status = 404;
    register();
    await expect(loadRemote('catalog/routes')).rejects.toThrow();
    status = 200;
    entryFails = true;
    register();
    await expect(loadRemote('catalog/routes')).rejects.toThrow();
    expect(reports).toEqual([
      { remote: 'catalog', build: 'cat-7', kind: 'load-error' },
      { remote: 'catalog', build: 'cat-7', kind: 'load-error' },
    ]);
  });
});
