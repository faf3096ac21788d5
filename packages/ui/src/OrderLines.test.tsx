import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { OrderLines, OrderTotals, attributeText } from './OrderLines';
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
