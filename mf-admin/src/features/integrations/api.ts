import type { IntegrationKey, IntegrationKeyCreate, IntegrationKeyList } from '@store/contracts';
import { http, queryClient, useMutation, useQuery } from '@store/http';

export const integrationKeys = { all: ['admin', 'integrations'] as const };

export function useIntegrationKeys() {
  return useQuery({
    queryKey: integrationKeys.all,
    queryFn: async () => (await http.get<IntegrationKeyList>('admin/integrations')).data,
    staleTime: 10_000,
  });
}

export function useCreateIntegrationKey() {
  return useMutation({
    mutationFn: async (body: IntegrationKeyCreate) =>
      (await http.post<IntegrationKey>('admin/integrations', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export function useRevokeIntegrationKey() {
  return useMutation({
    mutationFn: async (id: number) => (await http.post<IntegrationKey>(`admin/integrations/${id}/revoke`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
