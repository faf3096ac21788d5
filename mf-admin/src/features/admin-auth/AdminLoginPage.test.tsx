import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { sessionStore } from '@store/session';
import { accessToken, resetSession, startApi, userProfile, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { AdminLoginPage } from './AdminLoginPage';
import { RequireAdmin } from './RequireAdmin';

let server: TestApi;

/** The API's auth/login: one shopper, one admin (a UTF-8 claim, and '-' in its base64url), else 401. */
beforeEach(async () => {
  server = await startApi((req, body) => {
    // RequireAdmin asks the server for the role before letting anyone in.
    if (req.url === '/api/users/me') return { status: 200, body: userProfile({ role: 'ADMIN' }) };
    if (req.method !== 'POST' || req.url !== '/api/auth/login') return { status: 404, body: { detail: 'Not found.' } };
    const { email, password } = JSON.parse(body) as { email: string; password: string };
    if (email === 'shopper@example.com' && password === 'Shopper123') {
      return { status: 200, body: { access: accessToken({ role: 'REGULAR' }), refresh: 'refresh-shopper' } };
    }
    if (email === 'admin@example.com' && password === 'Admin1234') {
      return {
        status: 200,
        body: { access: accessToken({ sub: '1', role: 'ADMIN', name: 'Zoë Ådmin ~~?' }), refresh: 'refresh-admin' },
      };
    }
    if (email === 'down@example.com') return { status: 503, body: { detail: 'Service unavailable, try later.' } };
    return { status: 401, body: { detail: 'No active account found with the given credentials' } };
  });
});
afterEach(async () => {
  resetSession();
  await server.close();
});

function renderLogin() {
  renderAt(
    '/admin/auth/login',
    <Routes>
      <Route path="/admin/auth/login" element={<AdminLoginPage />} />
      <Route path="*" element={null} />
    </Routes>,
  );
}

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AdminLoginPage', () => {
  it("refuses a REGULAR account's tokens and stays signed out", async () => {
    renderLogin();
    await signInWith('shopper@example.com', 'Shopper123');

    expect(await screen.findByRole('alert')).toHaveTextContent('This account does not have access to the admin area.');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(sessionStore.getState().tokens).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(screen.getByText('Now at /admin/auth/login')).toBeInTheDocument();
    expect(server.requests.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/auth/login', { email: 'shopper@example.com', password: 'Shopper123' }],
      // The session the server just opened for the shopper is closed again, not left to linger.
      ['POST', '/api/auth/logout', { refreshToken: 'refresh-shopper' }],
    ]);
    // The form is usable again.
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("signs an ADMIN's tokens in and goes to /admin", async () => {
    renderLogin();
    await signInWith('admin@example.com', 'Admin1234');

    expect(await screen.findByText('Now at /admin')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ isAuthenticated: true, role: 'ADMIN' });
    expect(sessionStore.getState().tokens?.refresh).toBe('refresh-admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the admin page that sent the visitor here, with its query', async () => {
    renderAt(
      '/admin/orders?status=PENDING',
      <Routes>
        <Route path="/admin/auth/login" element={<AdminLoginPage />} />
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
    expect(screen.getByText('Now at /admin/auth/login from /admin/orders?status=PENDING')).toBeInTheDocument();
    await signInWith('admin@example.com', 'Admin1234');

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Now at /admin/orders?status=PENDING')).toBeInTheDocument();
  });

  it("shows the server's detail when the sign-in fails", async () => {
    renderLogin();
    await signInWith('admin@example.com', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(screen.getByText('Now at /admin/auth/login')).toBeInTheDocument();
  });

  it('shows the detail of a server error after the retries', async () => {
    renderLogin();
    await signInWith('down@example.com', 'whatever');

    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable, try later.');
    // The first attempt and three retries (SPEC.md section 7).
    expect(server.requests).toHaveLength(4);
  });

  it('asks for both fields before calling the server', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter your admin e-mail and password.');
    expect(server.requests).toHaveLength(0);
  });

  it('offers the dashboard to an administrator who is already signed in', async () => {
    sessionStore.getState().login({ access: accessToken({ role: 'ADMIN' }), refresh: 'r' });
    renderLogin();
    expect(screen.getByText('You are signed in as an administrator.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the dashboard' }));
    expect(screen.getByText('Now at /admin')).toBeInTheDocument();
  });
});
