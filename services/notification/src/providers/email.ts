import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '@oneeta/service-kit';
import type { EmailMessage } from '../domain/email-message.js';
import { emailOutbox, type EmailOutboxRow } from '../store/schema.js';

export type { EmailMessage };

/** An e-mail port that may list what it stored (the embedded outbox). */
export type EmailPort = EmailSender & {
  list?: (opts: { to?: string | undefined; limit: number }) => Promise<EmailOutboxRow[]>;
};

/** SMTP when SMTP_URL is set, else the embedded outbox. */
export function createEmailPort(
  config: { SMTP_URL?: string | undefined; EMAIL_FROM: string },
  db: Database,
  log: { info(obj: object, msg: string): void },
): EmailPort {
  return config.SMTP_URL
    ? createSmtpEmail({ url: config.SMTP_URL, from: config.EMAIL_FROM })
    : createOutboxEmail(db, log);
}

/** The e-mail port: SMTP when SMTP_URL is set, else the embedded outbox. Throws when the message was not accepted. */
export interface EmailSender {
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for implicit TLS). */
export function createSmtpEmail(opts: {
  url: string;
  from: string;
  timeoutMs?: number;
}): EmailSender {
  const timeout = opts.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport(`${opts.url}`, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from: opts.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Embedded adapter: no mail server; each message is stored, and the administrator can read them. */
export function createOutboxEmail(
  db: Database,
  log: { info(obj: object, msg: string): void },
): EmailSender & {
  list(opts: { to?: string | undefined; limit: number }): Promise<EmailOutboxRow[]>;
} {
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(emailOutbox).values({
        id: randomUUID(),
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, link: links.join(' ') }, 'email outbox');
    },
    list: ({ to, limit }) =>
      db
        .select()
        .from(emailOutbox)
        .where(to ? eq(emailOutbox.to, to) : undefined)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(limit),
    close: () => {},
  };
}
