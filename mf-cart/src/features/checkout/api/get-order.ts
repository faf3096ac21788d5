import type { Order } from '@store/contracts';
import { http, useQuery } from '@store/http';
import { orderKey } from './place-order';

export async function getOrder(id: string): Promise<Order> {
  return (await http.get<Order>(`users/me/orders/${id}`)).data;
}

/** One of the shopper's orders (already in the cache right after checkout). */
export function useOrder(id: string) {
  return useQuery({ queryKey: orderKey(id), queryFn: () => getOrder(id) });
}
