import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

// The support module's tables: the newsletter's subscribers and the Contact Us messages.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Newsletter sign-ups from the footer: subscribing is agreeing to the privacy policy and consenting to updates. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** When the visitor consented (SPEC.md: subscribing means agreeing and consenting). */
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Messages from the Contact Us dialog: the support inbox. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where support replies: the account's e-mail, or the one a signed-out visitor gave. */
    email: text('email').notNull(),
    inquiryType: text('inquiry_type', {
      enum: ['General Inquiry', 'Order Support', 'Returns & Refunds', 'Technical Support'],
    }).notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    status: text('status', { enum: ['OPEN', 'ANSWERED'] })
      .notNull()
      .default('OPEN'),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
);
