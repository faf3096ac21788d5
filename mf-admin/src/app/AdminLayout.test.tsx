import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { renderAt } from '../testing/renderAt';
import { AdminLayout } from './AdminLayout';
import { adminSections } from './sections';

function renderLayoutAt(path: string) {
  renderAt(
    path,
    <Routes>
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
      ['Transactions', '/admin/transactions'],
      ['Reports', '/admin/reports'],
      ['Marketing', '/admin/marketing'],
      ['Settings', '/admin/settings'],
      ['Support', '/admin/support'],
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
    expect(within(nav()).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });
});
