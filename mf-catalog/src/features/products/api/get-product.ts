import type { ProductDetail } from '@store/contracts';
import { getStatus, http, queryKeys, useQuery } from '@store/http';

export async function getProduct(id: number): Promise<ProductDetail> {
  return (await http.get<ProductDetail>(`products/${id}`)).data;
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: queryKeys.product(id ?? 'invalid'),
    queryFn: () => getProduct(id as number),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

export const isNotFound = (error: unknown) => getStatus(error) === 404 || getStatus(error) === 400;
