import { useState } from 'react';
import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import { orderStatusLabels, paymentMethodLabels } from '@store/contracts/order-labels';
import { assetUrl, getErrorMessage } from '@store/http';
import { Badge, Banner, Button, ChevronLeftIcon, Dialog, Panel, useDocumentTitle, toast } from '@store/ui';
import { OrderAddress, OrderSummary, OrderUnavailable } from '@store/ui/order-lines';
import { useCancelOrder } from './api/cancel-order';
import { useOrder } from './api/get-order';
import { formatDate, formatDateTime, statusTone } from './format';

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin: ${({ theme }) => theme.space[3]} 0 ${({ theme }) => theme.space[6]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Layout = styled.div`
  display: grid;
  grid-template-columns: 1fr 18rem;
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr;
  }
`;
/** The page's cards; the pieces of one column sit a step apart. */
const Card = styled(Panel)`
  & + & {
    margin-top: ${({ theme }) => theme.space[4]};
  }
  p {
    margin: 0;
    line-height: 1.5;
  }
  > button {
    margin-top: ${({ theme }) => theme.space[4]};
  }
`;
const History = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

/** One order: lines, address, delivery, payment (with the pay-later due date), status history. */
export default function OrderDetails() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(order.data ? `Order ${order.data.number}` : 'Order');

  if (!order.isSuccess) {
    return (
      <OrderUnavailable
        loading={order.isPending}
        title="Order not found"
        description={getErrorMessage(order.error, 'This order could not be loaded.')}
      />
    );
  }
  const o = order.data;
  return (
    <>
      <Back to="/orders">
        <ChevronLeftIcon size={16} /> All orders
      </Back>
      <Head>
        <div>
          <h1>Order {o.number}</h1>
          <p>Placed on {formatDateTime(o.created_at)}</p>
        </div>
        <Badge $tone={statusTone(o.status)} aria-label={`Status: ${orderStatusLabels[o.status]}`}>
          {orderStatusLabels[o.status]}
        </Badge>
      </Head>
      {cancel.isError && (
        <Banner tone="error">{getErrorMessage(cancel.error, 'The order could not be cancelled.')}</Banner>
      )}
      <Layout>
        <div>
          <Card aria-labelledby="lines-title">
            <h2 id="lines-title">Items</h2>
            <OrderSummary
              order={o}
              imageUrl={assetUrl}
              name={(l) => (l.product_available ? <Link to={`/products/${l.product_id}`}>{l.name}</Link> : l.name)}
              note={(l) => (l.product_available ? undefined : 'no longer sold')}
            />
          </Card>
          <Card aria-labelledby="history-title">
            <h2 id="history-title">Status history</h2>
            <History>
              {o.status_history.map((h, i) => (
                <li key={`${h.status}:${i}`}>
                  <span>{orderStatusLabels[h.status]}</span>
                  <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                </li>
              ))}
            </History>
          </Card>
        </div>
        <div>
          <Card aria-labelledby="payment-title">
            <h2 id="payment-title">Payment</h2>
            <p>{paymentMethodLabels[o.payment_method]}</p>
            {o.payment_method === 'PAY_LATER' && o.payment_due_at && (
              <p>
                {o.paid_at ? `Paid on ${formatDate(o.paid_at)}` : `Not paid yet · due ${formatDate(o.payment_due_at)}`}
              </p>
            )}
            {o.payment_method !== 'PAY_LATER' && o.paid_at && <p>Paid on {formatDate(o.paid_at)}</p>}
          </Card>
          <Card aria-labelledby="address-title">
            <h2 id="address-title">Delivery address</h2>
            <p>
              <OrderAddress order={o} />
            </p>
          </Card>
          {o.status === 'PENDING' && (
            <Card aria-labelledby="cancel-title">
              <h2 id="cancel-title">Changed your mind?</h2>
              <p>A pending order can still be cancelled.</p>
              <Button $variant="danger" $block onClick={() => setConfirming(true)} disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
              </Button>
            </Card>
          )}
        </div>
      </Layout>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this order?"
        description={`Order ${o.number} will be cancelled and its items go back in stock.`}
      >
        <Actions>
          <Button onClick={() => setConfirming(false)}>Keep order</Button>
          <Button
            $variant="danger"
            onClick={() => {
              setConfirming(false);
              cancel.mutate(o.id, { onSuccess: () => toast.success('Order cancelled.') });
            }}
          >
            Cancel order
          </Button>
        </Actions>
      </Dialog>
    </>
  );
}
