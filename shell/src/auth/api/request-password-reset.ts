import type { ForgotPasswordPayload, MessageResponse } from '@store/contracts';
import { http } from '@store/http';

/** POST auth/forgot-password: mails a reset link when the address has an account (the answer never says). */
export async function requestPasswordReset(payload: ForgotPasswordPayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('auth/forgot-password', payload)).data;
}
