import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeTestServer, renderWithProviders, startApi, type TestApi } from '@store/testing';
import { Footer } from './Footer';
import { toast } from '@store/ui';

let api: TestApi | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  toast.remove();
  if (api) await closeTestServer(api);
  api = undefined;
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

  it('subscribing a valid e-mail sends it to the store, thanks the visitor and clears the field', async () => {
    api = await startApi((req) =>
      req.url === '/api/newsletter/subscribe'
        ? { status: 200, body: { message: 'Thanks for subscribing! Look out for our next newsletter.' } }
        : { status: 404, body: {} },
    );
    const success = jest.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    const email = screen.getByPlaceholderText('Enter your email address');
    await user.type(email, ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Thanks for subscribing! Look out for our next newsletter.'),
    );
    expect(api.bodyOf('POST /api/newsletter/subscribe')).toEqual({ email: 'ada@example.com' });
    expect(email).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal from the store is shown under the field, and the address stays', async () => {
    api = await startApi(() => ({
      status: 400,
      body: { detail: 'email: Email is invalid', email: ['Email is invalid'] },
    }));
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    const email = screen.getByPlaceholderText('Enter your email address');
    await user.type(email, 'ada@example.c');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is invalid');
    expect(email).toHaveValue('ada@example.c');
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
