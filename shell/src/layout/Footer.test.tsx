import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { renderWithProviders } from '@store/testing';
import { Footer } from './Footer';

afterEach(() => {
  jest.restoreAllMocks();
  toast.remove();
});

const hrefs = (group: string) =>
  within(screen.getByRole('navigation', { name: group }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('Footer (SPEC.md sections 1 and 2)', () => {
  it('offers the newsletter: an e-mail field, a Subscribe button and the consent line', () => {
    renderWithProviders(<Footer />);
    const email = screen.getByPlaceholderText('Enter your email address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAccessibleName('Email address');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
    const consent = screen.getByText(/By subscribing you agree to our/);
    expect(consent).toHaveTextContent('By subscribing you agree to our Privacy Policy and consent to receive updates');
    expect(within(consent).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('has the Company, Customer service and Legal links', () => {
    renderWithProviders(<Footer />);
    expect(hrefs('Company')).toEqual(['/', '/products', '/account', '/cart', '/wishlist']);
    expect(hrefs('Customer service')).toEqual(['/contact', '/faq', '/shipping', '/returns', '/size-guide']);
    expect(hrefs('Legal')).toEqual(['/terms', '/privacy', '/cookies', '/accessibility']);
  });

  it('has five social links, the V, M and P payment badges and the current year', () => {
    renderWithProviders(<Footer />);
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Twitter',
      'Instagram',
      'LinkedIn',
      'YouTube',
    ]);
    for (const link of social) expect(link).toHaveAttribute('href');
    const badges = within(screen.getByRole('list', { name: 'Accepted payment methods' })).getAllByRole('listitem');
    expect(badges.map((b) => b.textContent)).toEqual(['V', 'M', 'P']);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeInTheDocument();
  });

  it('subscribing a valid e-mail thanks the visitor and clears the field', async () => {
    const success = jest.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    const email = screen.getByPlaceholderText('Enter your email address');
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(success).toHaveBeenCalledTimes(1);
    expect(email).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['', 'Email is required'],
    ['ada@', 'Email is invalid'],
  ])('subscribing %j says %j and keeps the field', async (value, message) => {
    const success = jest.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    if (value) await user.type(screen.getByPlaceholderText('Enter your email address'), value);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByPlaceholderText('Enter your email address')).toHaveValue(value);
    expect(success).not.toHaveBeenCalled();
  });
});
