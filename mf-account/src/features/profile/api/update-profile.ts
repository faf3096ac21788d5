import type { ProfileUpdatePayload, UserProfile } from '@store/contracts';
import { http, queryClient, queryKeys, useMutation } from '@store/http';

export async function updateProfile(payload: ProfileUpdatePayload): Promise<UserProfile> {
  return (await http.patch<UserProfile>('users/me', payload)).data;
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
