import type { Order } from '@store/contracts';
import { http, useQuery } from '@store/http';

/** The same key the cart remote's checkout fills with the order it just placed. */
export const orderKey = (id: number | string) => ['order', String(id)] as const;

export async function getOrder(id: string): Promise<Order> {
  return (await http.get<Order>(`users/me/orders/${id}`)).data;
}

export function useOrder(id: string) {
  // Always asked again on opening: the admin may have changed the status or marked it paid.
  return useQuery({ queryKey: orderKey(id), queryFn: () => getOrder(id), staleTime: 0 });
}
