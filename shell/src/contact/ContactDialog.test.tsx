import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@store/session';
import { closeTestServer, renderWithProviders, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import ContactDialog from './ContactDialog';

let api: TestApi | undefined;
afterEach(async () => {
  if (api) await closeTestServer(api);
  api = undefined;
  resetSession();
});

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

  it('a signed-in shopper sends the message to support; it confirms and closes', async () => {
    api = await startApi(() => ({
      status: 201,
      body: { id: 5, message: 'Thanks! Your message has been sent. We will reply within one business day.' },
    }));
    signIn();
    const user = renderContact();
    expect(screen.queryByRole('textbox', { name: 'Your email' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of Inquiry' }), 'Order Support');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Late parcel');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'ORD-1 has not arrived.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument();
    expect(sessionStore.getState().dialog).toBeNull();
    expect(api.bodyOf('POST /api/support/messages')).toEqual({
      inquiry_type: 'Order Support',
      subject: 'Late parcel',
      message: 'ORD-1 has not arrived.',
    });
  });

  it('signed out, it asks for an e-mail to answer at; what the store refuses shows at its field', async () => {
    api = await startApi(() => ({
      status: 400,
      body: { detail: 'email: Email is required', email: ['Email is required'] },
    }));
    const user = renderContact();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Do you ship abroad?');
    // No validation in the form itself (SPEC.md section 5): the request goes out.
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveAccessibleDescription('Email is required');
    expect(api.bodyOf('POST /api/support/messages')).toEqual({
      inquiry_type: 'General Inquiry',
      subject: '',
      message: 'Do you ship abroad?',
      email: '',
    });
    expect(sessionStore.getState().dialog).toEqual({ kind: 'contact', returnTo: undefined });
  });
});
