import type { PageMeta, SupportMessage } from '@store/contracts';
import { http, keepPreviousData, queryClient, useMutation, useQuery } from '@store/http';

export type MessageStatus = SupportMessage['status'];
export interface SupportQuery {
  status?: MessageStatus;
  page: number;
  page_size: number;
}

export const supportKeys = {
  all: ['admin', 'support'] as const,
  list: (query: SupportQuery) => ['admin', 'support', 'list', query] as const,
};

export function useSupportMessages(query: SupportQuery) {
  return useQuery({
    queryKey: supportKeys.list(query),
    queryFn: async () =>
      (await http.get<{ data: SupportMessage[]; meta: PageMeta }>('admin/support/messages', { params: query })).data,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Marks a message answered (handled) or open again. */
export function useSetMessageStatus() {
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: MessageStatus }) =>
      (await http.patch<SupportMessage>(`admin/support/messages/${id}`, { status })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
