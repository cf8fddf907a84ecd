import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@oneeta/service-kit';
import { smsOutbox } from '../store/schema.js';

/** The SMS port. A real provider adapter implements the same interface. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/**
 * Embedded adapter: no provider, no network. Writes each message to the outbox table and the
 * log, so a developer can read the code (the web app keeps phone behind a notice meanwhile).
 */
export function createOutboxSms(
  db: Database,
  log: FastifyBaseLogger,
): SmsSender & {
  sentTo(to: string): Promise<{ body: string; createdAt: Date }[]>;
} {
  return {
    send: async (to, body) => {
      await db.insert(smsOutbox).values({ id: randomUUID(), to, body });
      log.info({ to, body }, 'sms outbox');
    },
    sentTo: (to) =>
      db
        .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(desc(smsOutbox.createdAt)),
  };
}
