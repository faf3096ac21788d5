import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@store/contracts';
import { renderWithProviders, resetSession, signIn, startApi, userProfile, type TestApi } from '@store/testing';
import { ProfileForm } from './ProfileForm';

const profile = userProfile();
let api: TestApi;

async function renderForm(answer: Parameters<typeof startApi>[0]) {
  api = await startApi(answer);
  signIn();
  renderWithProviders(<ProfileForm profile={profile} />, { route: '/account', probe: null });
  return userEvent.setup();
}

const save = () => screen.getByRole('button', { name: 'Save changes' });

afterEach(async () => {
  await api.close();
  resetSession();
});

describe('ProfileForm', () => {
  it('shows the e-mail read-only and the names ready to edit', async () => {
    await renderForm(() => ({ status: 200, body: profile }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Your e-mail is your sign-in and cannot be changed here.');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('keeps Save disabled until something changed, and again once it is back as it was', async () => {
    const user = await renderForm(() => ({ status: 200, body: profile }));
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Last name'), 'x');
    expect(save()).toBeEnabled();
    await user.type(screen.getByLabelText('Last name'), '{Backspace}');
    expect(save()).toBeDisabled();
  });

  it('applies the sign-up rules and messages to the names and sends nothing', async () => {
    const user = await renderForm(() => ({ status: 200, body: profile }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '   ');
    await user.clear(screen.getByLabelText('Last name'));
    await user.clear(screen.getByLabelText('Username'));
    await user.click(save());

    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(messages.firstNameRequired);
    expect(screen.getByLabelText('First name')).toBeInvalid();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(messages.lastNameRequired);
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(messages.usernameRequired);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'First name is required',
      'Last name is required',
      'Username is required',
    ]);
    expect(api.calls()).toEqual([]);
  });

  it('sends PATCH users/me with exactly the three names (trimmed) and says it is saved', async () => {
    const user = await renderForm((_req, body) => ({ status: 200, body: { ...profile, ...JSON.parse(body) } }));
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '  Augusta ');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'countess');
    await user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated.');
    expect(api.calls()).toEqual(['PATCH /api/users/me']);
    expect(api.bodyOf('PATCH /api/users/me')).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      username: 'countess',
    });
    expect(api.requests[0]!.authorization).toMatch(/^Bearer a\./);
  });

  it("shows the server's message when saving fails", async () => {
    const user = await renderForm(() => ({
      status: 400,
      body: { detail: 'username: At most 150 characters', username: ['At most 150 characters'] },
    }));
    await user.type(screen.getByLabelText('Username'), '2');
    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent('username: At most 150 characters');
    expect(screen.queryByText('Profile updated.')).not.toBeInTheDocument();
  });

  it('shows a taken username at the Username field (issue 11.9)', async () => {
    const user = await renderForm(() => ({
      status: 400,
      body: { username: ['A user with this username already exists.'] },
    }));
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Shopper');
    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this username already exists.');
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('A user with this username already exists.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(screen.queryByText('Profile updated.')).not.toBeInTheDocument();
  });

  it('falls back to a clear message when the server gives none', async () => {
    const user = await renderForm(() => ({ status: 502 }));
    await user.type(screen.getByLabelText('Username'), '2');
    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be saved. Please try again.');
    // SPEC.md section 7: a 5xx reply is retried up to 3 times.
    expect(api.calls()).toEqual(Array(4).fill('PATCH /api/users/me'));
  });
});
