import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The admin service's own Postgres schema: the usage ledger. Every row is one event from the bus,
 * keyed by the event id, so a redelivered event is stored (and counted) once; totals and hourly
 * series are summed from the rows when asked.
 */
export const admin = pgSchema('admin');

/** One maps call (`usage.recorded`): the session's audit log; travel_times rows are its matrix usage. */
export const mapsUsage = admin.table(
  'maps_usage',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id'),
    event: text('event').notNull(),
    origin: text('origin').notNull(),
    jobId: text('job_id'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    providerRequests: integer('provider_requests').notNull(),
    provider: text('provider').notNull(),
    strategy: text('strategy').notNull(),
    durationMs: real('duration_ms').notNull(),
    cells: integer('cells'),
    transactions: integer('transactions'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('maps_usage_session_idx').on(t.sessionId, t.at, t.id)],
);
export type MapsUsageRow = typeof mapsUsage.$inferSelect;

/** One notification delivery (`notification.sent`, keyed by its delivery id). */
export const notificationUsage = admin.table(
  'notification_usage',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id'),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_usage_session_idx').on(t.sessionId, t.at)],
);

/** One chat message (`chat.message`). */
export const chatUsage = admin.table(
  'chat_usage',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    senderId: text('sender_id').notNull(),
    length: integer('length').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_usage_session_idx').on(t.sessionId, t.at)],
);

/** One participant's call seconds (`call.usage`). */
export const callUsage = admin.table(
  'call_usage',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    participantAcsId: text('participant_acs_id').notNull(),
    seconds: real('seconds').notNull(),
    mode: text('mode').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('call_usage_session_idx').on(t.sessionId)],
);

/** One billing fact (`billing.usage`). */
export const billingUsage = admin.table('billing_usage', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
  amountMinor: integer('amount_minor'),
  currency: text('currency'),
  plan: text('plan'),
  previousPlan: text('previous_plan'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** What the ledger knows of each session (`session.changed`): its owner and whether it is closed. */
export const sessions = admin.table('sessions', {
  sessionId: text('session_id').primaryKey(),
  creatorUserId: text('creator_user_id').notNull(),
  isClosed: boolean('is_closed').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** The event's occurredAt: an older event never overwrites a newer one. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
