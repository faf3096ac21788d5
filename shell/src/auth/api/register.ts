import type { MessageResponse, RegisterPayload } from '@store/contracts';
import { http } from '@store/http';

/** POST auth/register: the sign-up dialog's account (the form holds its own submit state). */
export async function registerAccount(payload: RegisterPayload): Promise<Partial<MessageResponse>> {
  return (await http.post<Partial<MessageResponse>>('auth/register', payload)).data ?? {};
}
