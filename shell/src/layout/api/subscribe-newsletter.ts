import type { MessageResponse, NewsletterSubscribePayload } from '@store/contracts';
import { http } from '@store/http';

/** POST newsletter/subscribe: records the address and the consent the footer's line asks for. */
export async function subscribeNewsletter(payload: NewsletterSubscribePayload): Promise<MessageResponse> {
  return (await http.post<MessageResponse>('newsletter/subscribe', payload)).data;
}
