import type { HandoffRedeemed } from '@store/contracts';
import { http, queryClient, queryKeys, useMutation } from '@store/http';

/** POST users/me/handoffs/{id}: the item an integrator's page handed over goes into the cart. */
export async function redeemHandoff(id: string): Promise<HandoffRedeemed> {
  return (await http.post<HandoffRedeemed>(`users/me/handoffs/${encodeURIComponent(id)}`)).data;
}

export function useRedeemHandoff() {
  return useMutation({
    mutationFn: redeemHandoff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
