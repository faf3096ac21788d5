import { Link, useParams } from '@store/router';
import styled from 'styled-components';
import { formatMoney, toCents } from '@store/contracts/money';
import { paymentMethodLabels } from '@store/contracts/order-labels';
import { getErrorMessage } from '@store/http';
import { Button, CheckIcon, Panel } from '@store/ui';
import { useOrder } from './api/get-order';
import { OrderAddress, OrderUnavailable, attributeText, deliveryLabel } from '@store/ui/order-lines';
import { FactGrid } from './FactGrid';
import { formatDate } from './format';

const Box = styled(Panel)`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[8]};
  header {
    text-align: center;
    margin-bottom: ${({ theme }) => theme.space[6]};
  }
  h1 {
    margin: ${({ theme }) => theme.space[3]} 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  header p {
    margin: 0;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
const Tick = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3rem;
  height: 3rem;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
`;
const Facts = styled(FactGrid)`
  margin: ${({ theme }) => theme.space[6]} 0;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space[2]} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th:last-child,
  td:last-child {
    text-align: right;
    white-space: nowrap;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: capitalize;
  }
  tfoot th,
  tfoot td {
    border-bottom: 0;
  }
  tfoot tr:last-child {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};
`;

/** After 'Place order': the order number, what was ordered, the address and how it is paid. */
export default function ConfirmationPage() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  if (!order.isSuccess) {
    return (
      <OrderUnavailable
        loading={order.isPending}
        title="This order could not be shown"
        description={getErrorMessage(order.error, 'Please try again in a moment.')}
      />
    );
  }
  const o = order.data;
  return (
    <Box aria-labelledby="confirmation-title">
      <header>
        <Tick aria-hidden>
          <CheckIcon size={28} />
        </Tick>
        <h1 id="confirmation-title">Thank you for your order!</h1>
        <p>
          Your order number is <strong>{o.number}</strong>. We sent a confirmation to {o.customer.email}.
        </p>
      </header>
      <Table aria-label="What you ordered">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.variant_id}>
              <td>
                {l.name}
                {attributeText(l.attributes) && <small>{attributeText(l.attributes)}</small>}
                <small>
                  {l.quantity} × {formatMoney(toCents(l.unit_price))}
                </small>
              </td>
              <td>{formatMoney(toCents(l.line_total))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{formatMoney(toCents(o.subtotal))}</td>
          </tr>
          <tr>
            <th scope="row">{deliveryLabel(o.delivery_method)}</th>
            <td>{toCents(o.delivery_price) === 0 ? 'Free' : formatMoney(toCents(o.delivery_price))}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td>{formatMoney(toCents(o.total))}</td>
          </tr>
        </tfoot>
      </Table>
      <Facts>
        <section aria-label="Delivery address">
          <h2>Delivery address</h2>
          <p>
            <OrderAddress order={o} />
          </p>
        </section>
        <section aria-label="Payment">
          <h2>Payment</h2>
          <p>
            {paymentMethodLabels[o.payment_method]}
            <br />
            {o.payment_method === 'PAY_LATER' && o.payment_due_at && (
              <>
                Please pay {formatMoney(toCents(o.total))} by <strong>{formatDate(o.payment_due_at)}</strong>.
              </>
            )}
            {o.payment_method === 'CASH_ON_DELIVERY' && (
              <>Please have {formatMoney(toCents(o.total))} ready for the courier.</>
            )}
          </p>
        </section>
        <section aria-label="Placed">
          <h2>Placed</h2>
          <p>{formatDate(o.created_at)}</p>
        </section>
      </Facts>
      <Actions>
        <Button as={Link} to={`/orders/${o.id}`} $variant="primary">
          View your order
        </Button>
        <Button as={Link} to="/products">
          Continue shopping
        </Button>
      </Actions>
    </Box>
  );
}
