import type { ContactMessagePayload, MessageResponse } from '@store/contracts';
import { http } from '@store/http';

/** POST support/messages: the Contact Us dialog's message, to the support inbox. */
export async function sendContactMessage(payload: ContactMessagePayload): Promise<MessageResponse & { id: number }> {
  return (await http.post<MessageResponse & { id: number }>('support/messages', payload)).data;
}
