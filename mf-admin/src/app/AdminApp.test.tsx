import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { resetSession, signIn, startApi } from '@store/testing';
import { renderAt } from '../testing/renderAt';
import AdminApp from './AdminApp';
import { adminSections } from './sections';

/** The shell mounts the admin view at /admin/*. */
const renderAdminAt = (path: string) =>
  renderAt(
    path,
    <Routes>
      <Route path="/admin/*" element={<AdminApp notFound={<h1>Page not found</h1>} />} />
    </Routes>,
  );

afterEach(() => {
  resetSession();
});

const placeholders = adminSections.filter((s) => s.placeholder);
const upcoming = adminSections.filter((s) => !s.placeholder && s.path !== '');

describe('AdminApp', () => {
  it('has the five placeholder sections of the spec', () => {
    expect(placeholders.map((s) => s.path)).toEqual(['transactions', 'reports', 'marketing', 'settings', 'support']);
  });

  it.each(placeholders.map((s) => [s.path, s] as const))('/admin/%s shows its placeholder text', (path, section) => {
    signIn('ADMIN');
    renderAdminAt(`/admin/${path}`);
    const main = screen.getByRole('heading', { level: 1, name: section.label }).parentElement!;
    expect(within(main).getByText(section.description)).toBeInTheDocument();
    expect(within(main).getByText('This section is not available yet.')).toBeInTheDocument();
  });

  it.each(upcoming.flatMap((s) => [s.path, ...(s.subPaths ?? [])].map((p) => [p.replace(/:\w+/, '5'), s] as const)))(
    '/admin/%s shows what its screen will be for',
    (path, section) => {
      signIn('ADMIN');
      renderAdminAt(`/admin/${path}`);
      const main = screen.getByRole('heading', { level: 1, name: section.label }).parentElement!;
      expect(within(main).getByText(section.description)).toBeInTheDocument();
      expect(within(main).getByText('This screen arrives with the next admin release.')).toBeInTheDocument();
    },
  );

  it('shows the dashboard at /admin, inside the admin layout, marked as the admin team’s', async () => {
    const server = await startApi(() => ({ status: 503, body: { detail: 'Down for maintenance.' } }));
    try {
      signIn('ADMIN');
      renderAdminAt('/admin');
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
      expect(await screen.findByRole('alert')).toHaveTextContent('Down for maintenance.');
      expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/admin/dashboard' });
      expect(screen.getByRole('navigation', { name: 'Admin' }).closest('[data-boundary]')).toHaveAttribute(
        'data-boundary',
        'mf-admin',
      );
    } finally {
      await server.close();
    }
  });

  it('shows the not-found page for an unknown admin path', () => {
    signIn('ADMIN');
    renderAdminAt('/admin/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor from any admin page to the admin login, without the admin menu', () => {
    renderAdminAt('/admin/reports');
    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.getByText('Now at /admin/auth/login from /admin/reports')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('moves between sections from the menu', async () => {
    signIn('ADMIN');
    renderAdminAt('/admin/settings');
    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Support' }));
    expect(screen.getByText('Now at /admin/support')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
  });
});
