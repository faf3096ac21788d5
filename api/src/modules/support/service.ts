import { count, desc, eq, sql } from 'drizzle-orm';
import type { ContactMessagePayload, SupportMessage } from '@store/contracts';
import type { z } from 'zod';
import type { supportMessageListQuerySchema } from '@store/contracts';
import type { Db } from '../../db/client';
import { newsletterSubscribers, supportMessages, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { iso, pageMeta } from '../../lib/format';
import { normaliseEmail } from '../auth/service';

/** Idempotent: subscribing twice keeps the first consent; the answer is the same either way. */
export async function subscribe(db: Db, email: string, userId: number | null): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ email: normaliseEmail(email), userId })
    .onConflictDoNothing();
}

type Account = typeof users.$inferSelect;

/** Stores a Contact Us message in the support inbox; the reply goes to the account's e-mail when signed in. */
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

export async function listMessages(db: Db, q: z.output<typeof supportMessageListQuerySchema>) {
  const where = q.status ? eq(supportMessages.status, q.status) : sql`true`;
  const rows = await db
    .select({ message: supportMessages, firstName: users.firstName, lastName: users.lastName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(where)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const [total] = await db.select({ n: count() }).from(supportMessages).where(where);
  const data: SupportMessage[] = rows.map(({ message: m, firstName, lastName }) => ({
    id: m.id,
    email: m.email,
    inquiry_type: m.inquiryType,
    subject: m.subject,
    message: m.message,
    status: m.status,
    created_at: iso(m.createdAt),
    customer:
      m.userId !== null && firstName !== null ? { id: m.userId, name: `${firstName} ${lastName ?? ''}`.trim() } : null,
  }));
  return { data, meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}
