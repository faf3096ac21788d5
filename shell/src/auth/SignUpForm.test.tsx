import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { currentLocation, renderWithProviders, replyingApiPerTest, waitInRealTime, type Reply } from '@store/testing';
import { SIGNUP_FAILED, SignUpForm } from './SignUpForm';

const api = replyingApiPerTest(() => ({ status: 201, body: { message: 'Account created' } }));

const valid = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Username: 'ada',
  Email: 'ada@example.com',
  Password: 'Secret123',
  'Confirm password': 'Secret123',
};

function renderForm(user = userEvent.setup()) {
  renderWithProviders(<SignUpForm />, { route: '/auth/signup' });
  return user;
}

async function fill(user: UserEvent, values: Partial<Record<keyof typeof valid, string>>, agree = true) {
  for (const [label, value] of Object.entries({ ...valid, ...values })) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  if (agree) await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create Account' }));
const registrations = () => api.server.requests.filter((r) => r.url === '/api/auth/register');

describe('SignUpForm validation (SPEC.md section 5)', () => {
  it('shows every required-field message on an empty submit and sends nothing', async () => {
    const user = renderForm();
    await submit(user);

    expect(await screen.findByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(
      'You must agree to the terms and conditions',
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'First name is required',
      'Last name is required',
      'Username is required',
      'Email is required',
      'Password is required',
      'You must agree to the terms and conditions',
    ]);
    expect(registrations()).toEqual([]);
  });

  it.each([
    ['a first name that is blank after trimming', { 'First name': '   ' }, 'First name', 'First name is required'],
    ['an invalid e-mail', { Email: 'ada@example' }, 'Email', 'Email is invalid'],
    [
      'a password under 8 characters',
      { Password: 'Ab1', 'Confirm password': 'Ab1' },
      'Password',
      'Password must be at least 8 characters',
    ],
    [
      'a password without an uppercase letter',
      { Password: 'secret123', 'Confirm password': 'secret123' },
      'Password',
      'Password must contain uppercase, lowercase, and number',
    ],
    [
      'a password without a lowercase letter',
      { Password: 'SECRET123', 'Confirm password': 'SECRET123' },
      'Password',
      'Password must contain uppercase, lowercase, and number',
    ],
    [
      'a password without a digit',
      { Password: 'SecretPass', 'Confirm password': 'SecretPass' },
      'Password',
      'Password must contain uppercase, lowercase, and number',
    ],
    [
      'a confirmation that does not match',
      { 'Confirm password': 'Secret124' },
      'Confirm password',
      'Passwords do not match',
    ],
  ] as const)('rejects %s and sends nothing', async (_case, values, label, message) => {
    const user = renderForm();
    await fill(user, values);
    await submit(user);

    expect(await screen.findByLabelText(label)).toHaveAccessibleDescription(message);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([message]);
    expect(registrations()).toEqual([]);
  });

  it('requires the terms to be accepted', async () => {
    const user = renderForm();
    await fill(user, {}, false);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('You must agree to the terms and conditions');
    expect(registrations()).toEqual([]);
  });

  it('links the terms checkbox to the Terms of Service and the Privacy Policy', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('SignUpForm submit', () => {
  it('sends exactly the register payload, reads "Creating..." while pending and goes to /auth/login about 1 s later', async () => {
    jest.useFakeTimers();
    let answer!: (reply: Reply) => void;
    api.reply = () => new Promise<Reply>((resolve) => (answer = resolve));
    const user = renderForm(userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
    await fill(user, { 'First name': '  Ada ' });
    await submit(user);

    await waitInRealTime(() => expect(registrations()).toHaveLength(1));
    expect(JSON.parse(registrations()[0]!.body)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'Secret123',
    });
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();

    answer({ status: 201, body: { message: 'Account created' } });
    await waitInRealTime(() => expect(screen.getByText('Account created')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(999));
    expect(currentLocation()).toBe('/auth/signup');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/auth/login');
  });

  it.each([
    [
      'the server message',
      { message: 'Username already taken', email: ['E-mail already used'] },
      'Username already taken',
    ],
    ['the first entry of the e-mail error list', { email: ['E-mail already used', 'Second'] }, 'E-mail already used'],
    ['the generic text otherwise', { first_name: ['Too short'] }, SIGNUP_FAILED],
  ])('on failure shows %s and stays on the page', async (_case, body, text) => {
    api.reply = () => ({ status: 400, body });
    const user = renderForm();
    await fill(user, {});
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(currentLocation()).toBe('/auth/signup');
  });

  it('shows a taken username at the Username field (the API answers a field list, issue 11.9)', async () => {
    api.reply = () => ({ status: 400, body: { username: ['A user with this username already exists.'] } });
    const user = renderForm();
    await fill(user, { Username: 'Shopper' });
    await submit(user);

    const username = screen.getByLabelText('Username');
    await screen.findByText('A user with this username already exists.');
    expect(username).toHaveAccessibleDescription('A user with this username already exists.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    // The banner keeps SPEC.md section 8's text.
    expect(screen.getByText(SIGNUP_FAILED)).toBeInTheDocument();
  });

  it('shows the generic text when the server answers without a body', async () => {
    api.reply = () => ({ status: 400 });
    const user = renderForm();
    await fill(user, {});
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed. Please try again.');
  });
});
