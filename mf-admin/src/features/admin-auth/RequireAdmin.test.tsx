import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { closeTestServer, resetSession, signIn, startApi, userProfile, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { RequireAdmin } from './RequireAdmin';

let server: TestApi;
let profile: { status: number; body?: unknown };

beforeEach(async () => {
  profile = { status: 200, body: { ...userProfile(), role: 'ADMIN' } };
  server = await startApi((req) => (req.url === '/api/users/me' ? profile : { status: 404 }));
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

function renderOrders() {
  renderAt(
    '/admin/orders?status=PENDING',
    <Routes>
      <Route path="/admin/auth/login" element={<h1>Admin sign in</h1>} />
      <Route
        path="/admin/orders"
        element={
          <RequireAdmin>
            <h1>Orders</h1>
          </RequireAdmin>
        }
      />
    </Routes>,
  );
}

describe('RequireAdmin', () => {
  it('sends a signed-out visitor to the admin login, remembering the page, without asking the server', () => {
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/orders?status=PENDING')).toBeInTheDocument();
    expect(server.calls()).toEqual([]);
  });

  it('sends a signed-in shopper (REGULAR) to the admin login', () => {
    signIn('REGULAR');
    renderOrders();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/orders?status=PENDING')).toBeInTheDocument();
  });

  it('lets an ADMIN in once the server confirms the role', async () => {
    signIn('ADMIN');
    renderOrders();
    expect(screen.getByRole('status', { name: 'Checking your access' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(server.calls()).toEqual(['GET /api/users/me']);
  });

  it('keeps out a session whose stored role says ADMIN when the server says REGULAR', async () => {
    profile = { status: 200, body: { ...userProfile(), role: 'REGULAR' } };
    signIn('ADMIN');
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('offers to try again when the check itself fails', async () => {
    profile = { status: 500, body: { detail: 'Profile service down.' } };
    signIn('ADMIN');
    renderOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile service down.');
    profile = { status: 200, body: { ...userProfile(), role: 'ADMIN' } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });
});
