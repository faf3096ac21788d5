import { useState } from 'react';
import styled from 'styled-components';
import type { Order, OrderStatus } from '@store/contracts';
import { orderStatusLabels, orderStatusTransitions } from '@store/contracts/order-labels';
import { getErrorMessage } from '@store/http';
import { Button, toast } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { useSetOrderStatus } from './api';

const Buttons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;
const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface StatusAction {
  status: OrderStatus;
  /** The button's text. */
  label: string;
  tone: 'primary' | 'danger';
}

/** The steps staff may take from `status` (`orderStatusTransitions`), each as a button; none when final. */
export function statusActions(status: OrderStatus): StatusAction[] {
  return orderStatusTransitions[status].map((next) =>
    next === 'CANCELLED'
      ? { status: next, label: 'Cancel order', tone: 'danger' }
      : { status: next, label: `Mark as ${orderStatusLabels[next].toLowerCase()}`, tone: 'primary' },
  );
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** What the confirmation says a step does, beyond the status the shopper then sees. */
function consequence(order: Order, next: OrderStatus) {
  if (next === 'CANCELLED')
    return `It cannot be undone: the order is closed and its ${items(order.item_count)} go back into stock. The customer sees it as cancelled.`;
  if (next === 'DELIVERED' && order.payment_method === 'CASH_ON_DELIVERY' && !order.paid_at)
    return 'The cash taken at the door is recorded as paid. The customer sees the order as delivered.';
  if (next === 'SHIPPED')
    return 'After shipping, the order can no longer be cancelled. The customer sees it as shipped.';
  return `The customer sees the order as ${orderStatusLabels[next].toLowerCase()}.`;
}

/** The order's next steps along the allowed transitions, each after a confirmation; a toast tells the result. */
export function StatusChange({ order }: { order: Order }) {
  const change = useSetOrderStatus(order.id);
  const [next, setNext] = useState<OrderStatus | null>(null);
  const actions = statusActions(order.status);

  const confirm = async () => {
    if (!next) return;
    try {
      const updated = await change.mutateAsync(next);
      toast.success(
        updated.status === 'CANCELLED'
          ? `Order ${order.number} was cancelled; its items are back in stock.`
          : `Order ${order.number} is now ${orderStatusLabels[updated.status].toLowerCase()}.`,
      );
    } catch (error) {
      toast.error(getErrorMessage(error, `Order ${order.number} could not be changed. Please try again.`));
    }
    setNext(null);
  };

  if (actions.length === 0) {
    return <Note>{orderStatusLabels[order.status]} orders are final: the status can no longer change.</Note>;
  }
  return (
    <>
      <Buttons>
        {actions.map((a) => (
          <Button key={a.status} $variant={a.tone} $block onClick={() => setNext(a.status)} disabled={change.isPending}>
            {a.label}
          </Button>
        ))}
      </Buttons>
      <ConfirmDialog
        open={next !== null}
        title={
          next === 'CANCELLED'
            ? `Cancel order ${order.number}?`
            : `Mark order ${order.number} as ${next ? orderStatusLabels[next].toLowerCase() : ''}?`
        }
        description={next ? consequence(order, next) : undefined}
        confirmLabel={
          next === 'CANCELLED' ? 'Cancel order' : `Mark as ${next ? orderStatusLabels[next].toLowerCase() : ''}`
        }
        cancelLabel={next === 'CANCELLED' ? 'Keep order' : 'Not now'}
        tone={next === 'CANCELLED' ? 'danger' : 'primary'}
        pending={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setNext(null)}
      />
    </>
  );
}
