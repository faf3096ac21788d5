import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '@store/ui';
import { PasswordInput } from './PasswordInput';

describe('PasswordInput', () => {
  it('hides the password until the toggle shows it, and hides it again', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider>
        <label htmlFor="pw">Password</label>
        <PasswordInput id="pw" />
      </UiProvider>,
    );
    const input = screen.getByLabelText('Password');
    await user.type(input, 'Secret123');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Secret123');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
