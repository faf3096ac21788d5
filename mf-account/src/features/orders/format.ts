import type { OrderStatus } from '@store/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export const statusTone = (status: OrderStatus) =>
  status === 'CANCELLED' ? 'danger' : status === 'PAID' || status === 'DELIVERED' ? 'success' : 'neutral';
