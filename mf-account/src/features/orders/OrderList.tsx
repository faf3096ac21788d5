import { Link, useSearchParams } from '@store/router';
import styled from 'styled-components';
import { formatMoney, toCents } from '@store/contracts/money';
import { orderStatusLabels } from '@store/contracts/order-labels';
import { getErrorMessage } from '@store/http';
import { Badge, Button, EmptyState, Pagination, Skeleton } from '@store/ui';
import { PageTitle } from '../card';
import { useOrders } from './api/get-orders';
import { formatDate, statusTone } from './format';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  th,
  td {
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  td:nth-child(4),
  td:nth-child(5),
  th:nth-child(4),
  th:nth-child(5) {
    text-align: right;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  a {
    font-weight: 600;
  }
  /* Phones: each order becomes a small card of label/value rows. */
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    border: 0;
    background: transparent;
    thead {
      display: none;
    }
    tr {
      display: grid;
      grid-template-columns: 1fr auto;
      gap: ${({ theme }) => theme.space[1]};
      margin-bottom: ${({ theme }) => theme.space[3]};
      padding: ${({ theme }) => theme.space[4]};
      background: ${({ theme }) => theme.colors.surface};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.lg};
    }
    td {
      padding: 0;
      border: 0;
      text-align: left !important;
    }
    td:nth-child(even) {
      text-align: right !important;
    }
  }
`;
/** The shopper's orders, newest first: number, date, status, item count and total, paginated. */
export function OrderList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders(page);

  if (orders.isPending) return <Skeleton height="16rem" />;
  if (orders.isError) {
    return (
      <EmptyState
        title="Your orders could not be loaded"
        description={getErrorMessage(orders.error, 'Please try again in a moment.')}
        action={
          <Button $variant="primary" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const { data, meta } = orders.data;
  if (meta.total === 0) {
    return (
      <EmptyState
        title="No orders yet"
        description="When you place an order, it shows up here."
        link={{ to: '/products', label: 'Continue shopping', primary: true }}
      />
    );
  }
  const go = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return (
    <>
      <PageTitle>Your orders</PageTitle>
      <Table aria-label="Your orders">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Items</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={`/orders/${order.id}`}>{order.number}</Link>
              </td>
              <td>{formatDate(order.created_at)}</td>
              <td>
                <Badge $tone={statusTone(order.status)}>{orderStatusLabels[order.status]}</Badge>
              </td>
              <td>
                {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
              </td>
              <td>{formatMoney(toCents(order.total))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {meta.total_pages > 1 && <Pagination meta={meta} onPage={go} label="Order pages" />}
    </>
  );
}
