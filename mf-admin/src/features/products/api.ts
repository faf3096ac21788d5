import type {
  AdminAttribute,
  AdminCategory,
  AdminProduct,
  AdminProductImageList,
  AdminProductInput,
  AdminProductListQuery,
  AdminProductListResponse,
} from '@store/contracts';
import { http, keepPreviousData, queryClient, useMutation, useQuery } from '@store/http';

export const productKeys = {
  all: ['admin', 'products'] as const,
  list: (query: AdminProductListQuery) => ['admin', 'products', 'list', query] as const,
  one: (id: number) => ['admin', 'products', 'one', id] as const,
  images: (id: number) => ['admin', 'products', 'images', id] as const,
};

/** After a change: the admin's lists and the storefront's cached product pages and lists. */
function refreshProducts(id?: number) {
  void queryClient.invalidateQueries({ queryKey: productKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: ['product', String(id)] });
  else void queryClient.invalidateQueries({ queryKey: ['product'] });
}

export function useAdminProducts(query: AdminProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: async () => (await http.get<AdminProductListResponse>('admin/products', { params: query })).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminProduct(id: number) {
  return useQuery({
    queryKey: productKeys.one(id),
    queryFn: async () => (await http.get<AdminProduct>(`admin/products/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: async () => (await http.get<{ data: AdminCategory[] }>('admin/categories')).data.data,
    staleTime: 60_000,
  });
}

export function useAdminAttributes() {
  return useQuery({
    queryKey: ['admin', 'attributes'],
    queryFn: async () => (await http.get<{ data: AdminAttribute[] }>('admin/attributes')).data.data,
    staleTime: 60_000,
  });
}

export function useSaveProduct(id?: number) {
  return useMutation({
    mutationFn: async (input: AdminProductInput) =>
      id === undefined
        ? (await http.post<AdminProduct>('admin/products', input)).data
        : (await http.put<AdminProduct>(`admin/products/${id}`, input)).data,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.one(product.id), product);
      refreshProducts(product.id);
    },
  });
}

export function usePublishProduct() {
  return useMutation({
    mutationFn: async ({ id, published }: { id: number; published: boolean }) =>
      (await http.patch<AdminProduct>(`admin/products/${id}/publish`, { published })).data,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.one(product.id), product);
      refreshProducts(product.id);
    },
  });
}

export function useDeleteProduct() {
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`admin/products/${id}`);
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: productKeys.one(id) });
      refreshProducts(id);
    },
  });
}

export function useProductImages(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.images(id ?? 0),
    queryFn: async () => (await http.get<AdminProductImageList>(`admin/products/${id}/images`)).data.data,
    enabled: id !== undefined,
    staleTime: 0,
  });
}

function imagesChanged(id: number, list: AdminProductImageList) {
  queryClient.setQueryData(productKeys.images(id), list.data);
  refreshProducts(id);
}

/** Sends files as multipart/form-data (field `images`); the answer is the product's images in order. */
export async function uploadImages(id: number, files: File[], onProgress?: (share: number) => void) {
  const body = new FormData();
  for (const file of files) body.append('images', file, file.name);
  const response = await http.post<AdminProductImageList>(`admin/products/${id}/images`, body, {
    // The client's default JSON type would turn the form into JSON; the browser adds the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    // Large bodies: the default timeout is for JSON calls.
    timeout: 120_000,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  imagesChanged(id, response.data);
  return response.data;
}

export function useUploadImages(id: number) {
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (share: number) => void }) =>
      uploadImages(id, files, onProgress),
  });
}

export function useReorderImages(id: number) {
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await http.put<AdminProductImageList>(`admin/products/${id}/images`, { ids })).data,
    onSuccess: (list) => imagesChanged(id, list),
  });
}

export function useRemoveImage(id: number) {
  return useMutation({
    mutationFn: async (imageId: number) =>
      (await http.delete<AdminProductImageList>(`admin/products/${id}/images/${imageId}`)).data,
    onSuccess: (list) => imagesChanged(id, list),
  });
}
