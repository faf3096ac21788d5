import { z } from 'zod';
import { emailSchema } from './auth';
import { pageMetaSchema } from './catalog';

/** The Contact Us dialog's 'Type of Inquiry' options (SPEC.md section 2); none has an empty value. */
export const inquiryTypes = ['General Inquiry', 'Order Support', 'Returns & Refunds', 'Technical Support'] as const;
const inquiryTypeSchema = z.enum(inquiryTypes);
export type InquiryType = z.infer<typeof inquiryTypeSchema>;

/** POST newsletter/subscribe: subscribing means agreeing to the privacy policy and consenting to updates. */
export const newsletterSubscribeSchema = z.object({ email: emailSchema });
export type NewsletterSubscribePayload = z.infer<typeof newsletterSubscribeSchema>;

/**
 * POST support/messages: the Contact Us dialog. A signed-in shopper is answered at their account's
 * e-mail; a signed-out visitor gives one.
 */
export const contactMessageSchema = z.object({
  inquiry_type: inquiryTypeSchema,
  subject: z.string().trim().max(200, 'At most 200 characters').default(''),
  message: z.string().trim().min(1, 'Please write your message.').max(5000, 'At most 5000 characters'),
  email: emailSchema.optional(),
});
export type ContactMessagePayload = z.input<typeof contactMessageSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  inquiry_type: inquiryTypeSchema,
  subject: z.string(),
  message: z.string(),
  status: z.enum(['OPEN', 'ANSWERED']),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportMessageListSchema = z.object({ data: z.array(supportMessageSchema), meta: pageMetaSchema });
export const supportMessageListQuerySchema = z.object({
  status: z.enum(['OPEN', 'ANSWERED']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
/** PATCH admin/support/messages/{id}: mark a message answered (handled) or open again. */
export const supportMessageUpdateSchema = z.object({ status: z.enum(['OPEN', 'ANSWERED']) });
