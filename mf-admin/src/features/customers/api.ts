import type { AdminCustomer, AdminCustomerDetail, PageMeta } from '@store/contracts';
import { http, keepPreviousData, queryClient, useMutation, useQuery } from '@store/http';

export interface CustomerListQuery {
  search?: string;
  is_active?: 'true' | 'false';
  page: number;
  page_size: number;
}

export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (query: CustomerListQuery) => ['admin', 'customers', 'list', query] as const,
  one: (id: number) => ['admin', 'customers', 'one', id] as const,
};

export function useAdminCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: async () =>
      (await http.get<{ data: AdminCustomer[]; meta: PageMeta }>('admin/customers', { params: query })).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminCustomer(id: number) {
  return useQuery({
    queryKey: customerKeys.one(id),
    queryFn: async () => (await http.get<AdminCustomerDetail>(`admin/customers/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/** Deactivating signs the customer out everywhere (the API revokes their sessions); reactivating lets them in again. */
export function useSetCustomerActive() {
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) =>
      (await http.patch<AdminCustomerDetail>(`admin/customers/${id}`, { is_active: active })).data,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.one(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}
