import { count, desc, eq, sql } from 'drizzle-orm';
import type { SupportMessage, supportMessageListQuerySchema } from '@store/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { supportMessages } from '../../support/schema';
import { notFound } from '../../../lib/errors';
import { iso, pageMeta } from '../../../lib/format';

/** The Contact Us inbox, newest first, optionally only open or only answered messages. */
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
  const data = rows.map(toMessage);
  return { data, meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

/** Marks a message answered (handled) or open again; answers the message as the list shows it. */
export async function setMessageStatus(db: Db, id: number, status: 'OPEN' | 'ANSWERED'): Promise<SupportMessage> {
  const updated = await db
    .update(supportMessages)
    .set({ status })
    .where(eq(supportMessages.id, id))
    .returning({ id: supportMessages.id });
  if (updated.length === 0) throw notFound('Message not found.');
  const [row] = await db
    .select({ message: supportMessages, firstName: users.firstName, lastName: users.lastName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(eq(supportMessages.id, id));
  return toMessage(row!);
}

function toMessage({
  message: m,
  firstName,
  lastName,
}: {
  message: typeof supportMessages.$inferSelect;
  firstName: string | null;
  lastName: string | null;
}): SupportMessage {
  return {
    id: m.id,
    email: m.email,
    inquiry_type: m.inquiryType,
    subject: m.subject,
    message: m.message,
    status: m.status,
    created_at: iso(m.createdAt),
    customer:
      m.userId !== null && firstName !== null ? { id: m.userId, name: `${firstName} ${lastName ?? ''}`.trim() } : null,
  };
}
