import type { Order } from '@store/contracts';
import { http, queryClient, useMutation } from '@store/http';
import { orderKey } from './get-order';

export async function cancelOrder(id: number): Promise<Order> {
  return (await http.post<Order>(`users/me/orders/${id}/cancel`)).data;
}

/** Cancels a PENDING order; the server puts its stock back. */
export function useCancelOrder() {
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
