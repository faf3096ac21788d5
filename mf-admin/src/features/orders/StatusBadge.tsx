import type { OrderStatus } from '@store/contracts';
import { orderStatusLabels } from '@store/contracts/order-labels';
import { Badge } from '@store/ui';

const tones: Partial<Record<OrderStatus, 'neutral' | 'success' | 'danger'>> = {
  PAID: 'success',
  DELIVERED: 'success',
  CANCELLED: 'danger',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge $tone={tones[status] ?? 'neutral'}>{orderStatusLabels[status]}</Badge>;
}
