import { Link } from '@store/router';
import styled from 'styled-components';
import { formatMoney, toCents } from '@store/contracts/money';
import type { AdminDashboard } from '@store/contracts';
import { paymentMethodLabels } from '@store/contracts/order-labels';
import { getErrorMessage } from '@store/http';
import { Banner, Button, Skeleton } from '@store/ui';
import { useDashboard } from './api/get-dashboard';

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[6]};
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Card = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[4]};
  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  strong {
    display: block;
    margin-top: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: ${({ theme }) => theme.space[4]};
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr;
  }
`;

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[4]};
  min-width: 0;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Bars = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  height: 10rem;
  display: flex;
  align-items: flex-end;
  gap: 4px;
  li {
    flex: 1;
    min-width: 4px;
    background: ${({ theme }) => theme.colors.primary};
    border-radius: ${({ theme }) => theme.radii.sm} ${({ theme }) => theme.radii.sm} 0 0;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

function figures(d: AdminDashboard) {
  return [
    ['Revenue', formatMoney(toCents(d.revenue))],
    ['Orders', String(d.order_count)],
    ['Pending orders', String(d.pending_order_count)],
    ['Customers', String(d.customer_count)],
    ['Products', `${d.published_product_count} / ${d.product_count} published`],
    ['Pay later outstanding', `${formatMoney(toCents(d.pay_later_outstanding))} (${d.pay_later_outstanding_count})`],
    ['Low-stock variants', String(d.low_stock_variant_count)],
  ] as const;
}

export function DashboardPage() {
  const { data, error, isPending, refetch } = useDashboard();
  if (isPending) {
    return (
      <>
        <Heading>Dashboard</Heading>
        <Cards aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i}>
              <Skeleton height="3.5rem" />
            </Card>
          ))}
        </Cards>
      </>
    );
  }
  if (error) {
    return (
      <>
        <Heading>Dashboard</Heading>
        <Banner tone="error">{getErrorMessage(error, 'The dashboard could not be loaded.')}</Banner>
        <Button onClick={() => void refetch()}>Try again</Button>
      </>
    );
  }
  const max = Math.max(1, ...data.sales_by_day.map((d) => toCents(d.total)));
  return (
    <>
      <Heading>Dashboard</Heading>
      <Cards>
        {figures(data).map(([label, value]) => (
          <Card key={label}>
            <span>{label}</span>
            <strong>{value}</strong>
          </Card>
        ))}
      </Cards>
      <Panels>
        <Panel aria-labelledby="sales-title">
          <h2 id="sales-title">Sales by day</h2>
          <Bars aria-label="Sales by day">
            {data.sales_by_day.map((day) => (
              <li
                key={day.date}
                style={{ height: `${Math.max(2, (toCents(day.total) / max) * 100)}%` }}
                title={`${day.date}: ${formatMoney(toCents(day.total))}, ${day.orders} orders`}
                aria-label={`${day.date}: ${formatMoney(toCents(day.total))}, ${day.orders} orders`}
              />
            ))}
          </Bars>
        </Panel>
        <Panel aria-labelledby="status-title">
          <h2 id="status-title">Orders by status</h2>
          <Table>
            <tbody>
              {Object.entries(data.orders_by_status).map(([status, count]) => (
                <tr key={status}>
                  <th scope="row">{status.charAt(0) + status.slice(1).toLowerCase().replace('_', ' ')}</th>
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Panel>
      </Panels>
      <Panel aria-labelledby="recent-title" style={{ marginTop: '1rem' }}>
        <h2 id="recent-title">Recent orders</h2>
        <Table>
          <thead>
            <tr>
              <th>Order</th>
              <th>Customer</th>
              <th>Status</th>
              <th>Payment</th>
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            {data.recent_orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                </td>
                <td>{order.customer.name}</td>
                <td>{order.status}</td>
                <td>{paymentMethodLabels[order.payment_method]}</td>
                <td>{formatMoney(toCents(order.total))}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Panel>
    </>
  );
}
