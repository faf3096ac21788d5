import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@store/contracts';
import { renderWithProviders, resetSession, signIn, startApi, type TestApi } from '@store/testing';
import { PasswordForm } from './PasswordForm';

const CHANGE = 'POST /api/users/me/change-password';
let api: TestApi;

async function renderForm(answer: Parameters<typeof startApi>[0]) {
  api = await startApi(answer);
  signIn();
  renderWithProviders(<PasswordForm />, { route: '/account', probe: null });
  return userEvent.setup();
}

const current = () => screen.getByLabelText('Current password');
const next = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Change password' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: [string, string, string]) {
  const fields = [current(), next(), confirm()];
  for (const [i, value] of values.entries()) if (value) await user.type(fields[i]!, value);
}

afterEach(async () => {
  await api.close();
  resetSession();
});

describe('PasswordForm', () => {
  it('asks for the current password and sends nothing', async () => {
    const user = await renderForm(() => ({ status: 200, body: { message: 'ok' } }));
    await fill(user, ['', 'NewPass123', 'NewPass123']);
    await user.click(submit());
    expect(current()).toHaveAccessibleDescription(messages.passwordRequired);
    expect(current()).toBeInvalid();
    expect(next()).toBeValid();
    expect(api.calls()).toEqual([]);
  });

  it.each([
    ['Ab1', messages.passwordMin],
    ['alllowercase1', messages.passwordComplexity],
    ['ALLUPPERCASE1', messages.passwordComplexity],
    ['NoDigitsHere', messages.passwordComplexity],
  ])('rejects the new password %p with %p', async (password, message) => {
    const user = await renderForm(() => ({ status: 200, body: { message: 'ok' } }));
    await fill(user, ['OldPass123', password, password]);
    await user.click(submit());
    expect(next()).toHaveAccessibleDescription(message);
    expect(api.calls()).toEqual([]);
  });

  it('says when the confirmation does not match', async () => {
    const user = await renderForm(() => ({ status: 200, body: { message: 'ok' } }));
    await fill(user, ['OldPass123', 'NewPass123', 'NewPass124']);
    await user.click(submit());
    expect(confirm()).toHaveAccessibleDescription(messages.passwordsMismatch);
    expect(next()).toBeValid();
    expect(api.calls()).toEqual([]);
  });

  it("sends the current and new password (never the confirmation), shows the server's message and clears the fields", async () => {
    const user = await renderForm(() => ({ status: 200, body: { message: 'Password updated successfully.' } }));
    await fill(user, ['OldPass123', 'NewPass123', 'NewPass123']);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent('Password updated successfully.');
    expect(api.calls()).toEqual([CHANGE]);
    expect(api.bodyOf(CHANGE)).toEqual({ current_password: 'OldPass123', new_password: 'NewPass123' });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(confirm()).toHaveValue('');
  });

  it('shows a wrong current password at the current-password field', async () => {
    // api/src/modules/users/service.ts: fieldError('current_password', …) answers 400 with a field list.
    const user = await renderForm(() => ({
      status: 400,
      body: { current_password: ['Current password is incorrect.'] },
    }));
    await fill(user, ['WrongPass1', 'NewPass123', 'NewPass123']);
    await user.click(submit());

    await screen.findByText('Current password is incorrect.');
    expect(current()).toHaveAccessibleDescription('Current password is incorrect.');
    expect(current()).toBeInvalid();
    expect(current()).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.calls()).toEqual([CHANGE]);
  });

  it("shows the server's detail when the change fails for another reason", async () => {
    const user = await renderForm(() => ({ status: 429, body: { detail: 'Rate limit exceeded, retry in 1 minute' } }));
    await fill(user, ['OldPass123', 'NewPass123', 'NewPass123']);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Rate limit exceeded, retry in 1 minute');
    expect(current()).toHaveValue('OldPass123');
  });
});
