import { lazy, Suspense } from 'react';
import { Link } from '@store/router';
import styled from 'styled-components';
import { toCents } from '@store/contracts/money';
import type { AdminDashboard } from '@store/contracts';
import { orderStatuses, orderStatusLabels, paymentMethodLabels } from '@store/contracts/order-labels';
import { Skeleton, Panel, Table, visuallyHidden } from '@store/ui';
import { FigureCard, FigureList } from '../admin-ui/Figures';
import { ListState } from '../admin-ui/ListState';
import { PageHeader, Stack } from '../admin-ui/Page';
import { formatDate, money } from '../admin-ui/format';
import { StatusBadge } from '../orders/StatusBadge';
import { useDashboard } from './api/get-dashboard';
import type { SalesPoint } from './SalesChart';

const SalesChart = lazy(() => import('./SalesChart'));

const Panels = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Legend = styled.p`
  margin: ${({ theme }) => `-${theme.space[2]} 0 ${theme.space[3]}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const HiddenTable = styled.table`
  ${visuallyHidden}
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const StatusList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space[2]} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
`;

const DAYS = 30;

/** The last 30 days, one point a day (days without sales at zero), ending today (UTC). */
export function salesPoints(sales: AdminDashboard['sales_by_day'], today = new Date()): SalesPoint[] {
  const byDate = new Map(sales.map((s) => [s.date, s]));
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(end - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const day = byDate.get(date);
    return { date, cents: day ? toCents(day.total) : 0, orders: day?.orders ?? 0 };
  });
}

export function DashboardPage() {
  const { data, error, isPending, refetch } = useDashboard();
  return (
    <>
      <PageHeader title="Dashboard" description="Sales, orders and stock at a glance." />
      <ListState
        isPending={isPending}
        error={error}
        isEmpty={false}
        what="dashboard"
        empty={{ title: '' }}
        onRetry={() => void refetch()}
      >
        {data && <Figures data={data} />}
      </ListState>
    </>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  const points = salesPoints(data.sales_by_day);
  const total = points.reduce((sum, p) => sum + p.cents, 0);
  return (
    <Stack>
      <FigureList>
        <FigureCard>
          <span>Revenue</span>
          <strong>{money(data.revenue)}</strong>
        </FigureCard>
        <FigureCard>
          <span>Orders</span>
          <strong>{data.order_count}</strong>
          <Link to="/admin/orders">All orders</Link>
        </FigureCard>
        <FigureCard>
          <span>Pending orders</span>
          <strong>{data.pending_order_count}</strong>
          <Link to="/admin/orders?status=PENDING">Show pending orders</Link>
        </FigureCard>
        <FigureCard>
          <span>Customers</span>
          <strong>{data.customer_count}</strong>
          <Link to="/admin/customers">All customers</Link>
        </FigureCard>
        <FigureCard>
          <span>Products</span>
          <strong>
            {data.published_product_count} / {data.product_count} published
          </strong>
          <Link to="/admin/products">All products</Link>
        </FigureCard>
        <FigureCard>
          <span>Pay later outstanding</span>
          <strong>
            {money(data.pay_later_outstanding)} ({data.pay_later_outstanding_count})
          </strong>
          <Link to="/admin/pay-later">Show outstanding</Link>
        </FigureCard>
        <FigureCard>
          <span>Low-stock variants</span>
          <strong>{data.low_stock_variant_count}</strong>
          <Link to="/admin/products?stock=low">Show low-stock products</Link>
        </FigureCard>
      </FigureList>
      <Panels>
        <Panel aria-labelledby="sales-title">
          <h2 id="sales-title">Sales, last 30 days</h2>
          <Legend>
            {money((total / 100).toFixed(2))} in {points.reduce((n, p) => n + p.orders, 0)} orders · bars: revenue,
            line: orders
          </Legend>
          <figure aria-hidden="true" style={{ margin: 0 }}>
            <Suspense fallback={<Skeleton height="280px" />}>
              <SalesChart points={points} />
            </Suspense>
          </figure>
          <HiddenTable>
            <caption>Sales by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Revenue</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {points
                .filter((p) => p.orders > 0)
                .map((p) => (
                  <tr key={p.date}>
                    <th scope="row">{p.date}</th>
                    <td>{money((p.cents / 100).toFixed(2))}</td>
                    <td>{p.orders}</td>
                  </tr>
                ))}
            </tbody>
          </HiddenTable>
        </Panel>
        <Panel aria-labelledby="status-title">
          <h2 id="status-title">Orders by status</h2>
          <StatusList>
            {orderStatuses.map((status) => (
              <li key={status}>
                <Link to={`/admin/orders?status=${status}`}>{orderStatusLabels[status]}</Link>
                <span>{data.orders_by_status[status] ?? 0}</span>
              </li>
            ))}
          </StatusList>
        </Panel>
      </Panels>
      <Panel aria-labelledby="recent-title">
        <h2 id="recent-title">Recent orders</h2>
        <Scroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {data.recent_orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </td>
                  <td>{formatDate(order.created_at)}</td>
                  <td>{order.customer.name}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>{paymentMethodLabels[order.payment_method]}</td>
                  <td>{money(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      </Panel>
    </Stack>
  );
}
