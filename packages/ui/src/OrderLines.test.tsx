import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter } from '@store/router';
import { OrderAddress, OrderLines, OrderTotals, OrderUnavailable, attributeText } from './OrderLines';
import { theme } from './theme';

const view = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

test('attribute values keep their case', () => {
  expect(attributeText({ size: '50 ml', colour: 'Off-white' })).toBe('size: 50 ml · colour: Off-white');
  expect(attributeText({})).toBe('');
});

test('a line each: name, attributes, quantity × unit price, note and line total', () => {
  view(
    <OrderLines
      label="Items"
      lines={[
        {
          key: '1:2',
          name: 'Lamp',
          image: '/lamp.png',
          attributes: { colour: 'amber' },
          quantity: 3,
          unitCents: 1999,
          totalCents: 5997,
          note: 'no longer sold',
        },
        { key: '4:5', name: 'Cap', image: '/cap.png', attributes: {}, quantity: 1, unitCents: 500, totalCents: 500 },
      ]}
    />,
  );
  const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Lampcolour: amber3 × $19.99 · no longer sold$59.97');
  expect(items[1]).toHaveTextContent('Cap1 × $5.00$5.00');
});

test('totals: delivery by method, free at 0', () => {
  const { rerender } = view(
    <OrderTotals subtotalCents={8000} deliveryMethod="STANDARD" deliveryCents={0} totalCents={8000} />,
  );
  expect(screen.getByText('Standard delivery').nextSibling).toHaveTextContent('Free');
  rerender(
    <ThemeProvider theme={theme}>
      <OrderTotals subtotalCents={8000} deliveryMethod="EXPRESS" deliveryCents={1495} totalCents={9495} />
    </ThemeProvider>,
  );
  expect(screen.getByText('Express delivery').nextSibling).toHaveTextContent('$14.95');
  expect(screen.getByText('Total').nextSibling).toHaveTextContent('$94.95');
});

test('an order that is loading shows a placeholder; one that could not be loaded says why and leads to the orders', () => {
  const { container, rerender } = view(
    <MemoryRouter>
      <OrderUnavailable loading title="Order not found" description="No such order." />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(container.querySelector('[aria-hidden="true"]')).toBeInTheDocument();
  rerender(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <OrderUnavailable loading={false} title="Order not found" description="No such order." />
      </MemoryRouter>
    </ThemeProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  expect(screen.getByText('No such order.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
});

test("an order's address: its lines (the phone a link when asked), else the one-line text", () => {
  const address = {
    full_name: 'Ada Lovelace',
    street: '12 Market Street',
    city: 'London',
    postal_code: 'N1 9GU',
    country: 'GB' as const,
    phone: '+44 20 7946 0958',
  };
  const { container, rerender } = view(<OrderAddress order={{ address, shipping_address: 'ignored' }} callable />);
  expect(container).toHaveTextContent('Ada Lovelace12 Market StreetN1 9GU LondonUnited Kingdom+44 20 7946 0958');
  expect(screen.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  rerender(
    <ThemeProvider theme={theme}>
      <OrderAddress order={{ address: null, shipping_address: 'Ada Lovelace, 12 Market Street' }} />
    </ThemeProvider>,
  );
  expect(container).toHaveTextContent('Ada Lovelace, 12 Market Street');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
