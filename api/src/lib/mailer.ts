import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  /** Sends through SMTP; resolves once the server accepted the message. */
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP_URL (`npm start` points it at its local MailDev catcher). Without SMTP_URL no
 * mail leaves and nothing of it is kept: the API never serves mail back, so a reset link can only
 * be read by whoever holds the mailbox.
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (!transport) {
        // The recipient is logged, never the text: it carries a reset link.
        log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
        return;
      }
      await transport.sendMail({
        from: 'Store <no-reply@store.local>',
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
