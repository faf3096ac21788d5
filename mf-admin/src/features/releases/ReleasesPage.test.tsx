import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { Release, ReleaseKey, ReleasesOverview } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { closeTestServer, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { ReleasesPage } from './ReleasesPage';

const release = (overrides: Partial<Release>): Release => ({
  id: 1,
  remote: 'catalog',
  build_id: 'cat-2',
  version: '0.1.0',
  git_commit: 'abc1234def',
  entry: 'http://localhost:3000/builds/catalog/cat-2/mf-manifest.json',
  shared: [],
  exposes: ['./routes'],
  notes: 'New grid',
  published_by: 'key catalog team (rk_catalog_ab…)',
  status: 'ready',
  reasons: [],
  created_at: '2026-03-01T10:00:00Z',
  ...overrides,
});
const stats = (build_id: string, loads: number, failures: number) => ({
  build_id,
  loads,
  failures,
  failure_rate: loads ? failures / loads : 0,
});

let server: TestApi;
let overview: ReleasesOverview;
let keys: ReleaseKey[];

beforeEach(async () => {
  const others = (['cart', 'account', 'admin'] as const).map((remote) => ({
    remote,
    live: [
      { role: 'stable' as const, build_id: 'default', release_id: null, share: 100, stats: stats('default', 0, 0) },
    ],
    can_roll_back: false,
    releases: [],
  }));
  overview = {
    remotes: [
      {
        remote: 'catalog',
        live: [
          { role: 'stable', build_id: 'default', release_id: null, share: 50, stats: stats('default', 40, 0) },
          { role: 'canary', build_id: 'cat-2', release_id: 1, share: 50, stats: stats('cat-2', 38, 2) },
        ],
        can_roll_back: true,
        releases: [
          release({ id: 3, build_id: 'cat-3', notes: '' }),
          release({
            id: 2,
            build_id: 'cat-react18',
            status: 'refused',
            reasons: ['it requires react ^18.2.0, the shell provides 19.3.1'],
          }),
          release({}),
        ],
      },
      ...others,
    ],
    audit: [
      {
        id: 9,
        at: '2026-03-01T10:05:00Z',
        actor: 'automatic rollback',
        action: 'rolled-back',
        remote: 'catalog',
        build_id: 'cat-1',
        detail: 'canary failed 20 of 20 loads (100.0 %), stable 0.0 %: above the 5.0 % margin',
      },
    ],
    rollback_rule: { min_loads: 20, margin: 0.05 },
  };
  keys = [
    {
      id: 4,
      remote: 'catalog',
      label: 'catalog team',
      key_prefix: 'rk_catalog_ab',
      created_by: 'admin@example.com',
      created_at: '2026-03-01T09:00:00Z',
      revoked_at: null,
      last_used_at: null,
    },
  ];
  server = await startApi((req, raw) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/admin/releases') return { status: 200, body: overview };
    if (req.method === 'GET' && url.pathname === '/api/admin/releases/keys') return { status: 200, body: keys };
    if (req.method === 'POST' && url.pathname === '/api/admin/releases/keys') {
      const body = JSON.parse(raw) as { remote: 'cart'; label: string };
      const made = { ...keys[0]!, id: 5, ...body, key_prefix: 'rk_cart_xyz' };
      keys = [made, ...keys];
      return { status: 201, body: { ...made, key: 'rk_cart_xyz-the-whole-secret' } };
    }
    if (req.method === 'DELETE' && url.pathname === '/api/admin/releases/keys/4') {
      keys = keys.map((k) => (k.id === 4 ? { ...k, revoked_at: '2026-03-01T11:00:00Z' } : k));
      return { status: 200, body: keys.find((k) => k.id === 4) };
    }
    if (req.method === 'POST' && url.pathname === '/api/admin/releases/catalog/promote') {
      overview.remotes[0]!.live = [{ ...overview.remotes[0]!.live[1]!, role: 'stable', share: 100 }];
      return { status: 200, body: { detail: 'Promoted.' } };
    }
    if (req.method === 'POST' && /^\/api\/admin\/releases\/catalog\/(rollback|canary|pin)$/.test(url.pathname)) {
      return { status: 200, body: { detail: 'Done.' } };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const renderPage = () =>
  renderAt(
    '/admin/releases',
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/releases" element={<ReleasesPage />} />
      </Routes>
    </>,
  );

describe('ReleasesPage', () => {
  it('shows each remote’s live builds with their share and last hour, the history with the gate’s reasons, and the log', async () => {
    renderPage();
    const live = await screen.findByRole('table', { name: 'Live builds of catalog' }, { timeout: 5000 });
    const canary = within(live).getByRole('row', { name: /cat-2/ });
    expect(canary).toHaveTextContent('Canary');
    expect(canary).toHaveTextContent('50 %');
    expect(canary).toHaveTextContent('5.3 % failed2 of 38 loads');
    expect(within(live).getByRole('row', { name: /the store’s own build/ })).toHaveTextContent('Stable');
    expect(screen.getByRole('list', { name: 'Why cat-react18 was refused' })).toHaveTextContent(
      'it requires react ^18.2.0, the shell provides 19.3.1',
    );
    expect(screen.getByRole('table', { name: 'Release log' })).toHaveTextContent('automatic rollback');
    expect(
      screen.getByText(/rolled back by itself from 20 loads on when its failure rate is 5\.0 %/),
    ).toBeInTheDocument();
    expect(document.title).toBe('Releases · Admin · Store');
  });

  it('promotes, rolls back, starts a canary at the share typed, and pins', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Promote cat-2' }, { timeout: 5000 }));
    expect((await screen.findAllByText('cat-2 promoted to everyone.')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('row', { name: /cat-2 Stable 100 %/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Roll back catalog' }));
    expect((await screen.findAllByText('catalog rolled back.')).length).toBeGreaterThan(0);

    const share = screen.getByRole('spinbutton', { name: 'Share of visitors for cat-3 (%)' });
    await user.clear(share);
    await user.type(share, '50');
    await user.click(screen.getByRole('button', { name: 'Start canary of cat-3' }));
    expect((await screen.findAllByText('cat-3 goes to 50 % of visitors.')).length).toBeGreaterThan(0);
    expect(server.bodyOf('POST /api/admin/releases/catalog/canary')).toEqual({ release_id: 3, percent: 50 });

    await user.click(screen.getByRole('button', { name: 'Pin cat-3' }));
    expect((await screen.findAllByText('cat-3 pinned for everyone.')).length).toBeGreaterThan(0);
    expect(server.bodyOf('POST /api/admin/releases/catalog/pin')).toEqual({ release_id: 3 });
    // A refused build offers no action.
    expect(screen.queryByRole('button', { name: 'Start canary of cat-react18' })).not.toBeInTheDocument();
  });

  it('creates a key shown once and revokes one', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Release keys' }, { timeout: 5000 });
    await user.selectOptions(screen.getByLabelText('Remote'), 'cart');
    await user.type(screen.getByLabelText('Team or purpose'), 'cart team');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('rk_cart_xyz-the-whole-secret')).toBeInTheDocument();
    expect(server.bodyOf('POST /api/admin/releases/keys')).toEqual({ remote: 'cart', label: 'cart team' });

    await user.click(screen.getByRole('button', { name: 'Revoke catalog team' }));
    expect(await within(screen.getByRole('table', { name: 'Release keys' })).findByText('Revoked')).toBeInTheDocument();
  });
});
