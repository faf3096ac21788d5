import type { ChangePasswordPayload, MessageResponse } from '@store/contracts';
import { http, useMutation } from '@store/http';

export async function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('users/me/change-password', payload)).data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
