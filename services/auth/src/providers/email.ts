import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@oneeta/service-kit';
import { emailOutbox } from '../store/schema.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The e-mail port. The notification service's adapter will implement the same interface. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * Embedded adapter: no provider, no network. Writes each message to the outbox table and logs one
 * line with the recipient, the subject and the links in it, so `pnpm start` shows them.
 */
export function createOutboxEmail(
  db: Database,
  log: FastifyBaseLogger,
): EmailSender & {
  sentTo(to: string): Promise<{ subject: string; text: string; createdAt: Date }[]>;
} {
  return {
    send: async ({ to, subject, text }) => {
      await db.insert(emailOutbox).values({ id: randomUUID(), to, subject, text });
      const links = text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to, subject, link: links.join(' ') }, 'email outbox');
    },
    sentTo: (to) =>
      db
        .select({
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to))
        .orderBy(desc(emailOutbox.createdAt)),
  };
}
