import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import type { AdminCategory } from '@store/contracts';
import { StoreToaster } from '@store/ui';
import { resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { renderAt } from '../../testing/renderAt';
import { CategoriesPage } from './CategoriesPage';

const lamps: AdminCategory = { id: 1, name: 'Lamps', description: 'Light', image: '', product_count: 12 };
const rugs: AdminCategory = { id: 2, name: 'Rugs', description: '', image: '', product_count: 0 };

let server: TestApi;
let list: AdminCategory[];

beforeEach(async () => {
  list = [lamps, rugs];
  server = await startApi((req, raw) => {
    if (req.method === 'GET' && req.url === '/api/admin/categories') return { status: 200, body: { data: list } };
    if (req.method === 'POST' && req.url === '/api/admin/categories') {
      const body = JSON.parse(raw) as { name: string };
      if (body.name.toLowerCase() === 'lamps')
        return { status: 400, body: { name: ['A category named "Lamps" already exists.'] } };
      const created = { id: 3, name: body.name, description: '', image: '', product_count: 0 };
      list = [...list, created];
      return { status: 201, body: created };
    }
    if (req.method === 'DELETE' && req.url === '/api/admin/categories/1')
      return { status: 409, body: { detail: 'Category "Lamps" has 12 products; move or delete them first.' } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  signIn('ADMIN');
});
afterEach(async () => {
  resetSession();
  await server.close();
});

const renderPage = () =>
  renderAt(
    '/admin/categories',
    <>
      <StoreToaster />
      <Routes>
        <Route path="/admin/categories" element={<CategoriesPage />} />
      </Routes>
    </>,
  );

describe('CategoriesPage', () => {
  it('lists categories with their product counts', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Categories' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /Lamps/ });
    expect(within(row).getByText('12')).toBeInTheDocument();
  });

  it('checks the name before sending, shows the API’s message at the field, then creates', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Categories' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = screen.getByRole('dialog', { name: 'New category' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(server.calls()).not.toContain('POST /api/admin/categories');

    await user.type(name, 'lamps');
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect(await within(dialog).findByText('A category named "Lamps" already exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.clear(name);
    await user.type(name, 'Vases');
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect((await screen.findAllByText('Category Vases created.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Vases/ })).toBeInTheDocument();
  });

  it('asks before deleting and shows why the store refused', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Categories' }, { timeout: 5000 });
    const trigger = screen.getByRole('button', { name: 'Delete Lamps' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Delete Lamps?' });
    expect(dialog).toHaveTextContent('It still has 12 products');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findAllByText('Category "Lamps" has 12 products; move or delete them first.');
    expect(refusal.length).toBeGreaterThan(0);
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
