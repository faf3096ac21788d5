import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { renderWithProviders, resetSession } from '@store/testing';
import { ContactPage } from './ContactPage';

afterEach(resetSession);

describe('ContactPage', () => {
  it('opens the Contact Us dialog on arrival and again from its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(sessionStore.getState().dialog).toEqual({ kind: 'contact' });

    act(() => sessionStore.getState().closeDialog());
    await user.click(screen.getByRole('button', { name: 'Write to us' }));
    expect(sessionStore.getState().dialog).toEqual({ kind: 'contact' });
  });
});
