import type { PayLaterItem, PayLaterListResponse } from '@store/contracts';
import { http, keepPreviousData, queryClient, useMutation, useQuery } from '@store/http';

export type PayLaterStatus = 'outstanding' | 'paid' | 'all';
export interface PayLaterQuery {
  status: PayLaterStatus;
  search?: string;
  page: number;
  page_size: number;
}

export const payLaterKeys = {
  all: ['admin', 'pay-later'] as const,
  list: (query: PayLaterQuery) => ['admin', 'pay-later', 'list', query] as const,
};

export function usePayLater(query: PayLaterQuery) {
  return useQuery({
    queryKey: payLaterKeys.list(query),
    queryFn: async () => (await http.get<PayLaterListResponse>('admin/pay-later', { params: query })).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Records the payment; the item leaves the outstanding list, and the dashboard's and orders' figures change. */
export function useMarkPaid() {
  return useMutation({
    mutationFn: async (id: number) => (await http.post<PayLaterItem>(`admin/pay-later/${id}/mark-paid`)).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payLaterKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
  });
}
