import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { renderWithProviders, resetSession } from '@store/testing';
import AuthDialogs from './AuthDialogs';

afterEach(resetSession);

describe('AuthDialogs (SPEC.md sections 1 and 2)', () => {
  it('the sign-in dialog is headed "Welcome Back" with its line and divider', () => {
    renderWithProviders(<AuthDialogs kind="login" />);
    const dialog = screen.getByRole('dialog', { name: 'Welcome Back' });
    expect(dialog).toHaveAccessibleDescription('Sign in to your account to continue shopping');
    expect(screen.getByText('Or continue with email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Or create account with email')).not.toBeInTheDocument();
  });

  it('the sign-up dialog is headed "Create Account" with its line and divider', async () => {
    renderWithProviders(<AuthDialogs kind="signup" />);
    const dialog = screen.getByRole('dialog', { name: 'Create Account' });
    expect(dialog).toHaveAccessibleDescription('Join the store and start shopping today');
    // The sign-up form (and zod with it) loads on demand.
    expect(await screen.findByText('Or create account with email', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByText('Or continue with email')).not.toBeInTheDocument();
  });

  it('switches between the two and keeps where to return to', async () => {
    const user = userEvent.setup();
    act(() => sessionStore.getState().openDialog('login', { returnTo: '/cart' }));
    const { unmount } = renderWithProviders(<AuthDialogs kind="login" />);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'signup', returnTo: '/cart' });
    unmount();

    renderWithProviders(<AuthDialogs kind="signup" />);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'login', returnTo: '/cart' });
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    act(() => sessionStore.getState().openDialog('login'));
    renderWithProviders(<AuthDialogs kind="login" />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(sessionStore.getState().dialog).toBeNull();
  });
});
