import { screen } from '@testing-library/react';
import { Route, Routes } from '@store/router';
import { resetSession, signIn } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { RequireAdmin } from './RequireAdmin';

afterEach(() => {
  resetSession();
});

function renderOrders() {
  renderAt(
    '/admin/orders',
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
  it('sends a signed-out visitor to the admin login, remembering the page', () => {
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/orders')).toBeInTheDocument();
  });

  it('sends a signed-in shopper (REGULAR) to the admin login', () => {
    signIn('REGULAR');
    renderOrders();
    expect(screen.queryByRole('heading', { name: 'Orders' })).not.toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/orders')).toBeInTheDocument();
  });

  it('lets an ADMIN see the page', () => {
    signIn('ADMIN');
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Now at /admin/orders')).toBeInTheDocument();
  });
});
