import type { ProfileUpdatePayload, UserProfile } from '@store/contracts';
import { http, useMutation } from '@store/http';
import { storeProfile } from '@store/shopper';

export async function updateProfile(payload: ProfileUpdatePayload): Promise<UserProfile> {
  return (await http.patch<UserProfile>('users/me', payload)).data;
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: storeProfile,
  });
}
