import { getStatus, useQuery } from '@store/http';
import { productQuery } from '@store/shopper';

export function useProduct(id: number | null) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
}

export const isNotFound = (error: unknown) => getStatus(error) === 404 || getStatus(error) === 400;
