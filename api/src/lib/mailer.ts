import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise the message is logged and kept in the
 * development outbox (GET auth/dev-outbox) so the reset flow works on the embedded default.
 */
export function createMailer(config: AppConfig, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({
          from: 'Store <no-reply@store.local>',
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await db.insert(outbox).values(mail);
      log.info({ to: mail.to, subject: mail.subject, link: mail.link }, 'mail written to the development outbox');
    },
  };
}
