import type { AdminCustomer } from '@store/contracts';
import { Badge } from '@store/ui';

/** "Jane Doe", or the username when the account has no name. */
export const customerName = (c: Pick<AdminCustomer, 'first_name' | 'last_name' | 'username'>) =>
  `${c.first_name} ${c.last_name}`.trim() || c.username;

export function CustomerStatusBadge({ active }: { active: boolean }) {
  return active ? <Badge $tone="success">Active</Badge> : <Badge $tone="danger">Deactivated</Badge>;
}
