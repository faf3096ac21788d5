import type { AdminOrderListQuery, AdminOrderListResponse, Order, OrderStatus } from '@store/contracts';
import { http, keepPreviousData, queryClient, useMutation, useQuery } from '@store/http';

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: AdminOrderListQuery) => ['admin', 'orders', 'list', query] as const,
  one: (id: number) => ['admin', 'orders', 'one', id] as const,
};

export function useAdminOrders(query: AdminOrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: async () => (await http.get<AdminOrderListResponse>('admin/orders', { params: query })).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: async () => (await http.get<Order>(`admin/orders/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/**
 * PATCH the status (the API refuses, 409, anything but an allowed step). Afterwards every admin
 * figure may have moved (dashboard, customer totals, pay later), and a cancel restocks products.
 */
export function useSetOrderStatus(id: number) {
  return useMutation({
    mutationFn: async (status: OrderStatus) => (await http.patch<Order>(`admin/orders/${id}`, { status })).data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({
        queryKey: ['admin'],
        predicate: (q) => q.queryKey[2] !== 'one' || q.queryKey[1] !== 'orders',
      });
      if (order.status === 'CANCELLED') {
        void queryClient.invalidateQueries({ queryKey: ['products'] });
        void queryClient.invalidateQueries({ queryKey: ['product'] });
      }
    },
    // Refused (409: another admin moved it first): show the status it has now.
    onError: () => void queryClient.invalidateQueries({ queryKey: orderKeys.one(id) }),
  });
}
