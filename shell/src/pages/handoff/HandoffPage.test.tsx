import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@store/router';
import { sessionStore } from '@store/session';
import {
  closeTestServer,
  currentLocation,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  type TestApi,
} from '@store/testing';
import { HandoffPage } from './HandoffPage';

let api: TestApi;

beforeEach(async () => {
  api = await startApi((req) => {
    if (req.method === 'POST' && req.url === '/api/users/me/handoffs/h-0123456789')
      return { status: 200, body: { product_id: 7, variant_id: 70, name: 'Trail Lamp' } };
    if (req.method === 'POST' && req.url === '/api/users/me/handoffs/h-used-0000')
      return { status: 409, body: { detail: 'This link has already been used.' } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
});
afterEach(async () => {
  await closeTestServer(api);
  resetSession();
});

const renderAt = (id: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/handoff/:id" element={<HandoffPage />} />
    </Routes>,
    { route: `/handoff/${id}`, pages: { '/cart': 'Your cart' } },
  );

describe('HandoffPage (/handoff/{id})', () => {
  it('signed out: asks to sign in, keeping this page to come back to, and redeems nothing', async () => {
    renderAt('h-0123456789');
    expect(await screen.findByRole('heading', { name: 'Sign in to add this item to your cart' })).toBeInTheDocument();
    expect(sessionStore.getState().dialog).toMatchObject({ kind: 'login', returnTo: '/handoff/h-0123456789' });
    expect(api.calls()).toEqual([]);
  });

  it('signed in: puts the item in the cart once, then opens the cart', async () => {
    signIn();
    renderAt('h-0123456789');
    await waitFor(() => expect(currentLocation()).toBe('/cart'));
    expect(api.calls().filter((c) => c.startsWith('POST'))).toEqual(['POST /api/users/me/handoffs/h-0123456789']);
  });

  it('a used link says so', async () => {
    signIn();
    renderAt('h-used-0000');
    expect(await screen.findByText('This link has already been used.')).toBeInTheDocument();
  });
});
