import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@store/contracts';
import { sessionStore } from '@store/session';
import {
  cartItem,
  cartLines,
  renderWithProviders,
  resetSession,
  signIn,
  startApi,
  type TestApi,
  userProfile,
} from '@store/testing';
import AccountPage from './AccountPage';

const profile = userProfile({
  cart: { id: 3, cart_items: [cartItem({ product: { id: 1 }, variant: { id: 11 }, quantity: 2 })] },
});

/** users/me as the API answers it: GET reads the profile, PATCH changes the names. */
async function startProfileApi(initial: UserProfile) {
  let current = initial;
  return startApi((req, body) => {
    if (req.url !== '/api/users/me') return { status: 404, body: { detail: 'Not found.' } };
    if (req.method === 'PATCH') current = { ...current, ...(JSON.parse(body) as Partial<UserProfile>) };
    return { status: 200, body: current };
  });
}

let api: TestApi;

beforeEach(() => window.history.pushState({}, '', '/account'));
afterEach(async () => {
  await api.close();
  resetSession();
  window.history.pushState({}, '', '/');
});

describe('AccountPage', () => {
  it('signed out, shows the sign-in state, asks for the sign-in dialog and loads nothing', async () => {
    api = await startProfileApi(profile);
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AccountPage />, { route: '/account' });

    expect(screen.getByRole('heading', { name: 'Sign in to see your account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My account' })).not.toBeInTheDocument();
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/account' });

    sessionStore.getState().closeDialog();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/account' });
    expect(container.querySelector('[data-boundary="mf-account"]')).not.toBeNull();
    expect(api.calls()).toEqual([]);
  });

  it('signed in, shows the profile loaded from GET users/me and the password form', async () => {
    api = await startProfileApi(profile);
    signIn();
    renderWithProviders(<AccountPage />, { route: '/account' });

    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    const profileCard = screen.getByRole('region', { name: 'Profile' });
    expect(within(profileCard).getByText('Signed in as ada@example.com')).toBeInTheDocument();
    expect(within(profileCard).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(profileCard).getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(within(profileCard).getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/users/me']);
    // The profile carries the server cart, which replaces the local one (SPEC.md section 4).
    expect(cartLines()).toEqual([[1, 11, 2]]);
  });

  it('after a save, shows the saved names and disables Save again', async () => {
    api = await startProfileApi(profile);
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<AccountPage />, { route: '/account' });

    const lastName = await screen.findByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
    expect(screen.getByLabelText('Last name')).toHaveValue('King');
    expect(api.calls()).toEqual(['GET /api/users/me', 'PATCH /api/users/me']);
  });

  it('says when the account could not be loaded', async () => {
    api = await startApi(() => ({ status: 404, body: { detail: 'User not found.' } }));
    signIn();
    renderWithProviders(<AccountPage />, { route: '/account' });

    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    expect(screen.queryByRole('heading', { name: 'My account' })).not.toBeInTheDocument();
  });
});
