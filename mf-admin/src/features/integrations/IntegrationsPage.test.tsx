import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { IntegrationKey } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { closeTestServer, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { IntegrationsPage } from './IntegrationsPage';

const key = (overrides: Partial<IntegrationKey>): IntegrationKey => ({
  id: 1,
  key: 'pk_AbCd…wXyZ',
  name: 'Style blog',
  allowed_origins: ['https://blog.example'],
  category: null,
  expires_at: null,
  revoked_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  status: 'active',
  stats: { views: 120, add_to_carts: 7, orders: 2, revenue: '84.50' },
  ...overrides,
});

let server: TestApi;
let keys: IntegrationKey[];

beforeEach(async () => {
  keys = [key({})];
  server = await startApi((req, body) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/admin/integrations')
      return { status: 200, body: { data: keys } };
    if (req.method === 'POST' && url.pathname === '/api/admin/integrations') {
      const input = JSON.parse(body) as { name: string; allowed_origins: string[] };
      const created = key({
        id: 2,
        key: 'pk_the_whole_key_0123456789',
        name: input.name,
        allowed_origins: input.allowed_origins,
        stats: { views: 0, add_to_carts: 0, orders: 0, revenue: '0.00' },
      });
      keys = [{ ...created, key: 'pk_the_…6789' }, ...keys];
      return { status: 201, body: created };
    }
    if (req.method === 'POST' && url.pathname === '/api/admin/integrations/1/revoke') {
      keys = keys.map((k) => (k.id === 1 ? { ...k, status: 'revoked', revoked_at: new Date().toISOString() } : k));
      return { status: 200, body: keys.find((k) => k.id === 1) };
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
    '/admin/integrations',
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/integrations" element={<IntegrationsPage />} />
      </Routes>
    </>,
  );

describe('IntegrationsPage', () => {
  it('lists each key with its origins and what it brought in', async () => {
    renderPage();
    const row = (await screen.findByText('Style blog')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Style blogpk_AbCd…wXyZ',
      'https://blog.example',
      'Active',
      '120',
      '7',
      '2',
      '$84.50',
    ]);
  });

  it('creates a key from the origins typed one per line, and shows the whole key once', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = screen.getByRole('dialog', { name: 'New integrator key' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Trail Notes');
    await userEvent.type(
      within(dialog).getByLabelText('Allowed origins'),
      'https://trail.example{enter}http://localhost:8080',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(/Copy it now, it is shown only once/)).toHaveTextContent(
      'pk_the_whole_key_0123456789',
    );
    expect(server.bodyOf('POST /api/admin/integrations')).toEqual({
      name: 'Trail Notes',
      allowed_origins: ['https://trail.example', 'http://localhost:8080'],
      category: null,
      expires_at: null,
    });
    expect(await screen.findByText('pk_the_…6789')).toBeInTheDocument();
  });

  it('revokes a key after asking', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Style blog' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    const row = (await screen.findByText('Revoked')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Revoke Style blog' })).toBeNull();
  });
});
