import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@store/router';
import { currentLocation, renderWithProviders, signIn, replyingApiPerTest } from '@store/testing';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from './AuthPages';

const api = replyingApiPerTest(() => ({ status: 200, body: { message: 'Done' } }));

describe('LoginPage and SignupPage', () => {
  it('/auth/login has the sign-in heading and line, and links to sign-up', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/auth/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account to continue shopping')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(currentLocation()).toBe('/auth/signup');
  });

  it('/auth/signup has the sign-up heading and line, and links to sign-in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupPage />, { route: '/auth/signup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Join the store and start shopping today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(currentLocation()).toBe('/auth/login');
  });
});

describe('LoginPage and SignupPage for a signed-in visitor', () => {
  it.each([
    ['/auth/login', 'REGULAR', '/'],
    ['/auth/signup', 'REGULAR', '/'],
    ['/auth/login', 'ADMIN', '/admin'],
    ['/auth/signup', 'ADMIN', '/admin'],
  ] as const)('%s sends a signed-in %s on to %s, as a sign-in would', (route, role, landing) => {
    signIn(role);
    renderWithProviders(route === '/auth/login' ? <LoginPage /> : <SignupPage />, { route });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(currentLocation()).toBe(landing);
  });
});

describe('ForgotPasswordPage', () => {
  it('checks the e-mail, sends it and shows the answer', async () => {
    api.reply = () => ({ status: 200, body: { message: 'Check your inbox' } });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');
    expect(api.server.requests).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(api.server.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/api/auth/forgot-password', { email: 'ada@example.com' }],
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('shows why the link could not be sent', async () => {
    api.reply = () => ({ status: 400, body: {} });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link could not be sent. Please try again.');
  });
});

describe('ResetPasswordPage', () => {
  function renderReset() {
    renderWithProviders(
      <Routes>
        <Route path="/auth/reset-password/:token" element={<ResetPasswordPage />} />
      </Routes>,
      { route: '/auth/reset-password/tok-123' },
    );
    return userEvent.setup();
  }

  it('checks the new password and sends it with the token from the address', async () => {
    const user = renderReset();
    await user.type(screen.getByLabelText('New password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret124');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(api.server.requests).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(api.server.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/api/auth/reset-password', { token: 'tok-123', password: 'Secret123' }],
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('offers a new link when the token is refused', async () => {
    api.reply = () => ({ status: 400, body: {} });
    const user = renderReset();
    await user.type(screen.getByLabelText('New password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });
});
