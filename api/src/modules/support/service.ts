import type { ContactMessagePayload } from '@store/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { newsletterSubscribers, supportMessages } from './schema';
import { fieldError } from '../../lib/errors';
import { normaliseEmail } from '../auth/service';

/** Idempotent: subscribing twice keeps the first consent; the answer is the same either way. */
export async function subscribe(db: Db, email: string, userId: number | null): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: normaliseEmail(email), userId })
    .onConflictDoNothing();
}

type Account = typeof users.$inferSelect;

/** Stores a Contact Us message in the support inbox (staff read it at /api/admin/support/messages); the reply goes to the account's e-mail when signed in. */
export async function createMessage(
  db: Db,
  payload: Required<Pick<ContactMessagePayload, 'inquiry_type' | 'message'>> & { subject: string; email?: string },
  account: Account | null,
): Promise<number> {
  const email = account?.email ?? (payload.email ? normaliseEmail(payload.email) : null);
  if (!email) throw fieldError('email', 'Email is required');
  const [row] = await db
    .insert(supportMessages)
    .values({
      userId: account?.id ?? null,
      email,
      inquiryType: payload.inquiry_type,
      subject: payload.subject,
      message: payload.message,
    })
    .returning({ id: supportMessages.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}
