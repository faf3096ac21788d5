import type { AdminCategory, AdminCategoryInput } from '@store/contracts';
import { http, queryClient, useMutation, useQuery } from '@store/http';

export const categoriesKey = ['admin', 'categories'] as const;

export function useAdminCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async () => (await http.get<{ data: AdminCategory[] }>('admin/categories')).data.data,
  });
}

/** Creates (no id) or renames a category; the list and the storefront's category menus refresh. */
export function useSaveCategory() {
  return useMutation({
    mutationFn: async ({ id, ...input }: AdminCategoryInput & { id?: number }) =>
      (id === undefined
        ? await http.post<AdminCategory>('admin/categories', input)
        : await http.put<AdminCategory>(`admin/categories/${id}`, input)
      ).data,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCategory() {
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`admin/categories/${id}`);
    },
    onSuccess: () => invalidate(),
  });
}

function invalidate() {
  void queryClient.invalidateQueries({ queryKey: categoriesKey });
  void queryClient.invalidateQueries({ queryKey: ['categories'] });
}
