import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { sessionStore } from '@store/session';
import { closeTestServer, resetSession, signIn, startApi, userProfile, type TestApi } from '@store/testing';
import { renderAt } from '../testing/renderAt';
import { AdminLayout } from './AdminLayout';
import { adminSections } from './sections';

let server: TestApi;
beforeEach(async () => {
  server = await startApi((req) =>
    req.url === '/api/users/me'
      ? { status: 200, body: userProfile({ role: 'ADMIN', first_name: 'Grace', last_name: 'Hopper' }) }
      : { status: 204 },
  );
  signIn('ADMIN');
});
afterEach(async () => {
  await closeTestServer(server);
  resetSession();
});

function renderLayoutAt(path: string) {
  renderAt(
    path,
    <Routes>
      <Route path="/" element={<h1>Store home</h1>} />
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<h1>Dashboard screen</h1>} />
        <Route path="*" element={<h1>Section screen</h1>} />
      </Route>
    </Routes>,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Admin' });

describe('AdminLayout', () => {
  it('lists every admin section, each linking to its page', () => {
    renderLayoutAt('/admin/reports');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Products', '/admin/products'],
      ['Attributes', '/admin/attributes'],
      ['Categories', '/admin/categories'],
      ['Customers', '/admin/customers'],
      ['Orders', '/admin/orders'],
      ['Pay later', '/admin/pay-later'],
      ['Support', '/admin/support'],
      ['Releases', '/admin/releases'],
      ['Integrations', '/admin/integrations'],
      ['Transactions', '/admin/transactions'],
      ['Reports', '/admin/reports'],
      ['Marketing', '/admin/marketing'],
      ['Settings', '/admin/settings'],
    ]);
    expect(links).toHaveLength(adminSections.length);
  });

  it('marks the current section only (the dashboard only at /admin itself)', async () => {
    renderLayoutAt('/admin/orders/12');
    expect(within(nav()).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { name: 'Section screen' })).toBeInTheDocument();

    await userEvent.setup().click(within(nav()).getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByText('Now at /admin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows the admin's name from the server, a way back to the store, and no storefront items", async () => {
    renderLayoutAt('/admin');
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Back to store' })).toHaveAttribute('href', '/');
    expect(within(header).queryByRole('link', { name: /cart|wishlist/i })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Dashboard screen' }));
  });

  it('logs out: the session goes and the page is the store home', async () => {
    renderLayoutAt('/admin/products');
    await userEvent.setup().click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(screen.getByText('Now at /')).toBeInTheDocument();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('opens and closes the section menu (the phone layout), and closes it on navigation', async () => {
    const user = userEvent.setup();
    renderLayoutAt('/admin');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav()).getByRole('link', { name: 'Customers' }));
    expect(screen.getByText('Now at /admin/customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
