import type { AdminAttribute, AdminAttributeInput } from '@store/contracts';
import { http, queryClient, useMutation, useQuery } from '@store/http';

export const attributesKey = ['admin', 'attributes'] as const;

export function useAdminAttributes() {
  return useQuery({
    queryKey: attributesKey,
    queryFn: async () => (await http.get<{ data: AdminAttribute[] }>('admin/attributes')).data.data,
  });
}

/** Creates (no id) or updates an attribute; a rename reaches the variants, so product data refreshes too. */
export function useSaveAttribute() {
  return useMutation({
    mutationFn: async ({ id, ...input }: AdminAttributeInput & { id?: number }) =>
      (id === undefined
        ? await http.post<AdminAttribute>('admin/attributes', input)
        : await http.put<AdminAttribute>(`admin/attributes/${id}`, input)
      ).data,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAttribute() {
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`admin/attributes/${id}`);
    },
    onSuccess: () => invalidate(),
  });
}

function invalidate() {
  void queryClient.invalidateQueries({ queryKey: attributesKey });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
}
