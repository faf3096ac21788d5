import { z } from 'zod';

/** GET auth/dev-outbox (embedded development default only). */
export const devOutboxResponseSchema = z.object({
  data: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), link: z.string(), created_at: z.string() }),
  ),
});
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;
