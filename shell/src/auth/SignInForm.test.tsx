import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { AUTH_STORAGE_KEY, sessionStore } from '@store/session';
import { accessToken, currentLocation, renderWithProviders, replyingApiPerTest, waitInRealTime } from '@store/testing';
import { SignInForm } from './SignInForm';
import { toast } from '@store/ui';

const tokensFor = (role: 'REGULAR' | 'ADMIN') => ({ access: accessToken({ role, sub: '7' }), refresh: 'refresh-7' });

const api = replyingApiPerTest(() => ({ status: 200, body: tokensFor('REGULAR') }));
afterEach(() => {
  jest.restoreAllMocks();
});

function renderForm(user = userEvent.setup()) {
  renderWithProviders(<SignInForm />, { route: '/auth/login' });
  return user;
}

async function signInWith(user: UserEvent, email: string, password = '') {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const logins = () => api.server.requests.filter((r) => r.url === '/api/auth/login');

describe('SignInForm', () => {
  it('offers Remember me and a Forgot password? link to /auth/forgot-password', () => {
    renderForm();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByText('Or continue with email')).toBeInTheDocument();
  });

  it.each([
    ['', 'Email is required'],
    ['ada@example', 'Email is invalid'],
  ])('checks the e-mail on the client: %j gives %j and nothing is sent', async (email, message) => {
    const user = renderForm();
    await signInWith(user, email, 'whatever');
    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(logins()).toEqual([]);
  });

  it('does not check the password on the client: an empty one is still sent', async () => {
    api.reply = () => ({ status: 400, body: { detail: 'Password is required' } });
    const user = renderForm();
    await signInWith(user, 'ada@example.com');
    await screen.findByRole('alert');
    expect(logins().map((r) => JSON.parse(r.body))).toEqual([{ email: 'ada@example.com', password: '' }]);
  });

  it('stores the session under "auth" and sends a regular user to /', async () => {
    const success = jest.spyOn(toast, 'success');
    const user = renderForm();
    await signInWith(user, 'ada@example.com', 'Secret123');

    await screen.findByText('/', { selector: 'output' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({
      tokens: tokensFor('REGULAR'),
      role: 'REGULAR',
    });
    expect(sessionStore.getState()).toMatchObject({ isAuthenticated: true, role: 'REGULAR' });
    // An answer without a message: the spec's fallback.
    expect(success).toHaveBeenCalledWith('Request successful!');
  });

  it('sends an ADMIN to /admin and shows the server message', async () => {
    api.reply = () => ({ status: 200, body: { ...tokensFor('ADMIN'), message: 'Welcome back, admin' } });
    const success = jest.spyOn(toast, 'success');
    const user = renderForm();
    await signInWith(user, 'admin@example.com', 'Secret123');

    await screen.findByText('/admin', { selector: 'output' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toMatchObject({ role: 'ADMIN' });
    expect(success).toHaveBeenCalledWith('Welcome back, admin');
  });

  it("returns a regular user to the dialog's returnTo and closes the dialog", async () => {
    act(() => sessionStore.getState().openDialog('login', { returnTo: '/wishlist' }));
    const user = renderForm();
    await signInWith(user, 'ada@example.com', 'Secret123');

    await screen.findByText('/wishlist', { selector: 'output' });
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('finishes what the visitor started (the resume of the request) after signing in, landing on /', async () => {
    const resume = jest.fn(() => expect(sessionStore.getState().isAuthenticated).toBe(true));
    act(() => sessionStore.getState().openDialog('login', { resume }));
    const user = renderForm();
    await signInWith(user, 'ada@example.com', 'Secret123');
    await screen.findByText('/', { selector: 'output' });
    expect(resume).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().dialog).toBeNull();
  });

  it('does not run a resume after a failed sign-in', async () => {
    api.reply = () => ({ status: 401, body: { detail: 'No' } });
    const resume = jest.fn();
    act(() => sessionStore.getState().openDialog('login', { resume }));
    const user = renderForm();
    await signInWith(user, 'ada@example.com', 'wrong');
    await screen.findByText('No');
    expect(resume).not.toHaveBeenCalled();
  });

  it('starts with the e-mail it is given (the one just signed up with)', () => {
    renderWithProviders(<SignInForm email="new@example.com" />, { route: '/auth/login' });
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  it('remembers the e-mail when Remember me is ticked', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('/', { selector: 'output' });
    expect(localStorage.getItem('store:remembered-email')).toBe('ada@example.com');
  });

  it.each([
    ['the server message', { message: 'Invalid credentials' }, 'Invalid credentials'],
    ['the server detail', { detail: 'Account is locked' }, 'Account is locked'],
    ['the generic text otherwise', {}, 'Login failed. Please try again.'],
  ])('on failure shows %s in a banner that goes after 2 s', async (_case, body, text) => {
    jest.useFakeTimers();
    api.reply = () => ({ status: 401, body });
    const user = renderForm(userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
    await signInWith(user, 'ada@example.com', 'wrong');

    await waitInRealTime(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(currentLocation()).toBe('/auth/login');

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
