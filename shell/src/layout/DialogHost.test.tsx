import { act, screen } from '@testing-library/react';
import { sessionStore } from '@store/session';
import { renderWithProviders, resetSession } from '@store/testing';
import { DialogHost } from './DialogHost';

afterEach(resetSession);

describe('DialogHost', () => {
  it('shows nothing until a room asks for a dialog', () => {
    renderWithProviders(<DialogHost />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['login', 'Welcome Back'],
    ['signup', 'Create Account'],
    ['contact', 'Contact Us'],
  ] as const)('opens the %s dialog requested through the session store, and closes it', async (kind, title) => {
    renderWithProviders(<DialogHost />);
    act(() => sessionStore.getState().openDialog(kind));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    act(() => sessionStore.getState().closeDialog());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
