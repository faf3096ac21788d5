import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { closeTestServer, resetSession, signIn, startApi, userProfile, type TestApi } from '@store/testing';
import { renderAt } from '../testing/renderAt';
import AdminApp, { screensInPlace } from './AdminApp';
import { adminSections } from './sections';

/** The shell mounts the admin view at /admin/*. */
const renderAdminAt = (path: string) =>
  renderAt(
    path,
    <Routes>
      <Route path="/admin/*" element={<AdminApp notFound={<h1>Page not found</h1>} />} />
    </Routes>,
  );

let server: TestApi;
beforeEach(async () => {
  server = await startApi((req) =>
    req.url === '/api/users/me'
      ? { status: 200, body: userProfile({ role: 'ADMIN' }) }
      : { status: 503, body: { detail: 'Down for maintenance.' } },
  );
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

const placeholders = adminSections.filter((s) => s.placeholder);
const upcoming = adminSections.filter((s) => !s.placeholder && s.path !== '' && !screensInPlace.has(s.path));

describe('AdminApp', () => {
  it('has the five placeholder sections of the spec', () => {
    expect(placeholders.map((s) => s.path)).toEqual(['transactions', 'reports', 'marketing', 'settings']);
  });

  it.each(placeholders.map((s) => [s.path, s] as const))(
    '/admin/%s shows its placeholder text',
    async (path, section) => {
      signIn('ADMIN');
      renderAdminAt(`/admin/${path}`);
      const main = (await screen.findByRole('heading', { level: 1, name: section.label })).parentElement!;
      expect(within(main).getByText(section.description)).toBeInTheDocument();
      expect(within(main).getByText('This section is not available yet.')).toBeInTheDocument();
    },
  );

  it('has a screen in place for every section that is not placeholder text', () => {
    expect(upcoming).toEqual([]);
  });

  it.each([
    ['attributes', 'Attributes'],
    ['categories', 'Categories'],
    ['products', 'Products'],
    ['products/add-product', 'Add product'],
    ['products/edit-product/5', 'Edit product'],
    ['products/view-product/5', 'Product'],
    ['orders', 'Orders'],
    ['orders/5', 'Order'],
    ['pay-later', 'Pay later'],
    ['customers', 'Customers'],
    ['customers/5', 'Customer'],
    ['support', 'Support'],
  ])('/admin/%s shows its screen "%s"', async (path, heading) => {
    signIn('ADMIN');
    renderAdminAt(`/admin/${path}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('This screen arrives with the next admin release.')).not.toBeInTheDocument();
  });

  it('shows the dashboard at /admin, inside the admin layout, marked as the admin team’s', async () => {
    signIn('ADMIN');
    renderAdminAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for maintenance.');
    expect(server.calls()).toContain('GET /api/admin/dashboard');
    expect(screen.getByRole('navigation', { name: 'Admin' }).closest('[data-boundary]')).toHaveAttribute(
      'data-boundary',
      'mf-admin',
    );
  });

  it('shows the not-found page for an unknown admin path', async () => {
    signIn('ADMIN');
    renderAdminAt('/admin/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from any admin page to the admin login, without the admin menu', () => {
    renderAdminAt('/admin/reports');
    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/reports')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out to the store home, not to the admin login', async () => {
    signIn('ADMIN');
    renderAdminAt('/admin/reports');
    await userEvent.setup().click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin sign in' })).not.toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('moves between sections from the menu', async () => {
    signIn('ADMIN');
    renderAdminAt('/admin/settings');
    await userEvent
      .setup()
      .click(within(await screen.findByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Reports' }));
    expect(screen.getByText('Now at /admin/reports')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });
});
