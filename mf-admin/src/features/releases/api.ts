import type { ReleaseKey, ReleasesOverview, RemoteName } from '@store/contracts';
import { http, queryClient, useMutation, useQuery } from '@store/http';

export const releaseKeys = {
  all: ['admin', 'releases'] as const,
  overview: ['admin', 'releases', 'overview'] as const,
  keys: ['admin', 'releases', 'keys'] as const,
};
/** The watch figures move while canaries run: the screen reads them again this often. */
const WATCH_EVERY_MS = 10_000;

export function useReleasesOverview() {
  return useQuery({
    queryKey: releaseKeys.overview,
    queryFn: async () => (await http.get<ReleasesOverview>('admin/releases')).data,
    refetchInterval: WATCH_EVERY_MS,
    staleTime: 0,
  });
}

export function useReleaseKeys() {
  return useQuery({
    queryKey: releaseKeys.keys,
    queryFn: async () => (await http.get<ReleaseKey[]>('admin/releases/keys')).data,
    staleTime: 0,
  });
}

const invalidate = () => void queryClient.invalidateQueries({ queryKey: releaseKeys.all });

export type ReleaseAction =
  | { remote: RemoteName; action: 'canary'; release_id: number; percent: number }
  | { remote: RemoteName; action: 'promote' | 'rollback' }
  | { remote: RemoteName; action: 'pin'; release_id: number | null };

/** Canary, promote, roll back or pin: one call each, the screen read again after. */
export function useReleaseAction() {
  return useMutation({
    mutationFn: async ({ remote, action, ...body }: ReleaseAction) =>
      (await http.post<{ detail: string }>(`admin/releases/${remote}/${action}`, body)).data,
    onSettled: invalidate,
  });
}

export function useCreateReleaseKey() {
  return useMutation({
    mutationFn: async (body: { remote: RemoteName; label: string }) =>
      (await http.post<ReleaseKey & { key: string }>('admin/releases/keys', body)).data,
    onSettled: invalidate,
  });
}

export function useRevokeReleaseKey() {
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<ReleaseKey>(`admin/releases/keys/${id}`)).data,
    onSettled: invalidate,
  });
}
