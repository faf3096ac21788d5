import { screen } from '@testing-library/react';
import { renderWithProviders } from '@store/testing';
import OrdersPage from './OrdersPage';

describe('OrdersPage (SPEC.md: /orders is placeholder text only)', () => {
  it('shows the placeholder text and a way back to the products', () => {
    const { container } = renderWithProviders(<OrdersPage />, { route: '/orders' });
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Your order history is coming soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    expect(container.querySelector('[data-boundary="mf-account"]')).toContainElement(
      screen.getByRole('heading', { name: 'Orders' }),
    );
  });
});
