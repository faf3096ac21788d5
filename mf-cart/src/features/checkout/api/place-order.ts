import { useRef } from 'react';
import type { CheckoutPayload, Order } from '@store/contracts';
import { getStatus, http, queryClient, queryKeys, useMutation } from '@store/http';

export const orderKey = (id: number | string) => ['order', String(id)] as const;

/** A fresh key per checkout attempt (randomUUID needs a secure context; the fallback does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function placeOrder(payload: CheckoutPayload, idempotencyKey: string): Promise<Order> {
  // The HTTP client retries a dropped connection or a 5xx with the same headers: the same key makes
  // that retry answer the order the server may already have placed.
  const res = await http.post<Order>('users/me/orders', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
  return res.data;
}

/**
 * Places the order. One key per attempt: it is kept while the outcome is unknown (no answer, or a
 * 5xx), so pressing the button again repeats the same request and gets the same order; after a
 * definite answer the next attempt gets a new key.
 */
export function usePlaceOrder() {
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (payload: CheckoutPayload) => {
      key.current ??= newIdempotencyKey();
      return placeOrder(payload, key.current);
    },
    onSuccess: (order) => {
      key.current = null;
      queryClient.setQueryData(orderKey(order.id), order);
      // The server emptied the cart and took the stock.
      queryClient.setQueryData(queryKeys.cart, []);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      const status = getStatus(error);
      if (status !== undefined && status < 500) key.current = null;
      // A refusal may mean the cart changed on the server (stock): show the server's cart.
      if (status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
  return mutation;
}
