import type { MessageResponse, ResetPasswordPayload } from '@store/contracts';
import { http } from '@store/http';

/** POST auth/reset-password: the new password for the reset link's token. */
export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('auth/reset-password', payload)).data;
}
