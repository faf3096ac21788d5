import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import type { Order } from '@store/contracts';
import { paymentMethodLabels } from '@store/contracts/order-labels';
import { assetUrl, getStatus } from '@store/http';
import { Button, EmptyState, Panel } from '@store/ui';
import { OrderAddress, OrderSummary, deliveryLabel } from '@store/ui/order-lines';
import { formatDate, formatDateTime, money } from '../admin-ui/format';
import { ListState } from '../admin-ui/ListState';
import { Columns, Facts, PageHeader, Stack } from '../admin-ui/Page';
import { useAdminOrder } from './api';
import { paymentState } from './payment';
import { StatusBadge } from './StatusBadge';
import { StatusChange } from './StatusChange';

const History = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
const Current = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;
const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  line-height: 1.5;
  overflow-wrap: anywhere;
  &:last-child {
    margin-bottom: 0;
  }
`;
const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: ${({ theme }) => theme.space[3]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const PaymentNote = styled.span<{ $tone?: 'danger' | 'success' }>`
  color: ${({ theme, $tone }) =>
    $tone === 'danger' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : 'inherit'};
`;

function Address({ order }: { order: Order }) {
  return (
    <Text>
      <OrderAddress order={order} callable />
    </Text>
  );
}

/** `/admin/orders/{orderId}`: lines, customer, address, payment, status history and the next status steps. */
export function OrderDetailPage() {
  const { orderId } = useParams();
  const id = Number(orderId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useAdminOrder(valid ? id : 0);
  const o = query.data;

  if (!valid || getStatus(query.error) === 404) {
    return (
      <>
        <PageHeader title="Order not found" back={{ to: '/admin/orders', label: 'Orders' }} />
        <EmptyState
          title={`There is no order ${orderId ?? ''}`}
          description="It may have been mistyped, or the link is out of date."
          action={
            <Button as={Link} to="/admin/orders">
              Back to orders
            </Button>
          }
        />
      </>
    );
  }

  const payment = o && paymentState(o);
  return (
    <>
      <PageHeader
        title={o ? `Order ${o.number}` : 'Order'}
        description={
          o &&
          `Placed ${formatDateTime(o.created_at)} · ${o.item_count} ${o.item_count === 1 ? 'item' : 'items'} · ${deliveryLabel(o.delivery_method)}`
        }
        back={{ to: '/admin/orders', label: 'Orders' }}
        actions={o && <StatusBadge status={o.status} />}
      />
      <ListState
        isPending={query.isPending}
        error={query.error}
        isEmpty={false}
        what="order"
        empty={{ title: '' }}
        onRetry={() => void query.refetch()}
      >
        {o && payment && (
          <Columns>
            <Stack>
              <Panel aria-labelledby="order-items">
                <h2 id="order-items">Items</h2>
                <OrderSummary
                  order={o}
                  thumb="3.5rem"
                  imageUrl={assetUrl}
                  name={(l) => <Link to={`/admin/products/view-product/${l.product_id}`}>{l.name}</Link>}
                  note={(l) => `SKU ${l.sku}${l.product_available ? '' : ' · not in the store now'}`}
                />
              </Panel>
              <Panel aria-labelledby="order-history">
                <h2 id="order-history">Status history</h2>
                <History>
                  {[...o.status_history].reverse().map((h, i) => (
                    <li key={`${h.status}:${h.at}:${i}`}>
                      <StatusBadge status={h.status} />
                      <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                    </li>
                  ))}
                </History>
              </Panel>
            </Stack>
            <Stack>
              <Panel aria-labelledby="order-status">
                <h2 id="order-status">Status</h2>
                <Current>
                  Now: <StatusBadge status={o.status} />
                </Current>
                <StatusChange order={o} />
              </Panel>
              <Panel aria-labelledby="order-customer">
                <h2 id="order-customer">Customer</h2>
                <Text>
                  {o.customer.name || o.customer.email}
                  <br />
                  <a href={`mailto:${o.customer.email}`}>{o.customer.email}</a>
                </Text>
                <Links>
                  <Link to={`/admin/customers/${o.customer.id}`}>Customer details</Link>
                  <Link to={`/admin/orders?search=${encodeURIComponent(o.customer.email)}`}>All their orders</Link>
                </Links>
              </Panel>
              <Panel aria-labelledby="order-address">
                <h2 id="order-address">Shipping address</h2>
                <Address order={o} />
              </Panel>
              <Panel aria-labelledby="order-payment">
                <h2 id="order-payment">Payment</h2>
                <Facts>
                  <dt>Method</dt>
                  <dd>{paymentMethodLabels[o.payment_method]}</dd>
                  <dt>Amount</dt>
                  <dd>{money(o.total)}</dd>
                  {o.payment_due_at && (
                    <>
                      <dt>Due</dt>
                      <dd>{formatDate(o.payment_due_at)}</dd>
                    </>
                  )}
                  <dt>State</dt>
                  <dd>
                    <PaymentNote $tone={payment.tone}>{payment.long}</PaymentNote>
                  </dd>
                </Facts>
              </Panel>
            </Stack>
          </Columns>
        )}
      </ListState>
    </>
  );
}
