import type { OrdersResponse } from '@store/contracts';
import { http, keepPreviousData, useQuery } from '@store/http';

export const ORDERS_PAGE_SIZE = 10;
export const ordersKey = (page: number) => ['orders', page] as const;

export async function getOrders(page: number): Promise<OrdersResponse> {
  return (await http.get<OrdersResponse>('users/me/orders', { params: { page, page_size: ORDERS_PAGE_SIZE } })).data;
}

/** One page of the shopper's orders, newest first. */
export function useOrders(page: number) {
  return useQuery({ queryKey: ordersKey(page), queryFn: () => getOrders(page), placeholderData: keepPreviousData });
}
