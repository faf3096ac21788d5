import type { CheckoutOptions } from '@store/contracts';
import { http, useQuery } from '@store/http';

/** Keyed by the cart's subtotal: delivery prices depend on it, so a changed cart asks again. */
export const checkoutOptionsKey = (subtotalCents: number) => ['checkout-options', subtotalCents] as const;

export async function getCheckoutOptions(): Promise<CheckoutOptions> {
  return (await http.get<CheckoutOptions>('users/me/checkout')).data;
}

/** Delivery methods priced by the server, the payment methods, and the last address. */
export function useCheckoutOptions(subtotalCents: number, enabled: boolean) {
  return useQuery({
    queryKey: checkoutOptionsKey(subtotalCents),
    queryFn: getCheckoutOptions,
    enabled,
    staleTime: 0,
  });
}
