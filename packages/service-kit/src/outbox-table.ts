import type { EventEnvelope, SessionNudge } from '@oneeta/contracts';
import type { JobsOptions } from 'bullmq';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  type PgSchema,
} from 'drizzle-orm/pg-core';

// No runtime imports beyond drizzle: drizzle-kit loads this file through each service's schema.ts.

/** What a row holds and the relay delivers. */
export type OutboxMessage =
  | { kind: 'event'; envelope: EventEnvelope }
  | { kind: 'job'; queue: string; name: string; data: unknown; opts: JobsOptions }
  | { kind: 'nudge'; sessionId: string; nudge: SessionNudge };

/** The `outbox` table in a service's own schema (drizzle; the service's migrations create it). */
export function outboxTable(schema: PgSchema<string>) {
  return schema.table(
    'outbox',
    {
      seq: bigserial('seq', { mode: 'number' }).primaryKey(),
      /** The message id: the event id, or the job id of a job without deduplication. */
      id: text('id').notNull(),
      aggregate: text('aggregate').notNull(),
      message: jsonb('message').$type<OutboxMessage>().notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      /** Not delivered before this (retry backoff). */
      availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
      /** A relay is delivering the row until then; after it, another relay may take it over. */
      lockedUntil: timestamp('locked_until', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
      deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    },
    (t) => [
      index('outbox_pending_idx')
        .on(t.aggregate, t.seq)
        .where(sql`delivered_at is null`),
      index('outbox_delivered_idx').on(t.deliveredAt),
    ],
  );
}
export type OutboxTable = ReturnType<typeof outboxTable>;
