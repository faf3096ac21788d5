import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { renderWithProviders, resetSession } from '@store/testing';
import ContactDialog from './ContactDialog';

afterEach(resetSession);

function renderContact() {
  act(() => sessionStore.getState().openDialog('contact'));
  renderWithProviders(<ContactDialog />);
  return userEvent.setup();
}

describe('ContactDialog (SPEC.md section 2)', () => {
  it('has a Type of Inquiry select with exactly the four types and no empty value', () => {
    renderContact();
    const dialog = screen.getByRole('dialog', { name: 'Contact Us' });
    const select = within(dialog).getByRole('combobox', { name: 'Type of Inquiry' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.textContent)).toEqual([
      'General Inquiry',
      'Order Support',
      'Returns & Refunds',
      'Technical Support',
    ]);
    expect(options.filter((o) => o.value === '')).toEqual([]);
    expect(select).toHaveValue('General Inquiry');
  });

  it('has a subject, a message and a Send Message button', async () => {
    const user = renderContact();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of Inquiry' }), 'Returns & Refunds');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Wrong size');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can I swap it?');
    expect(screen.getByRole('combobox', { name: 'Type of Inquiry' })).toHaveValue('Returns & Refunds');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Wrong size');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Can I swap it?');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveAttribute('type', 'submit');
  });

  it('sending confirms and closes the dialog, with no validation', async () => {
    const user = renderContact();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument();
    expect(sessionStore.getState().dialog).toBeNull();
  });
});
