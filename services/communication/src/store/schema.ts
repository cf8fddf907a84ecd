import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChatMessageContent, ChatRetentionPolicy } from '@oneeta/contracts';
import { outboxTable } from '@oneeta/service-kit';

/** The communication service's own Postgres schema; no other service reads it. */
export const communication = pgSchema('communication');

/** The key that signs embedded chat tokens when CHAT_TOKEN_SECRET is not set (one row, id 1). */
export const tokenKeys = communication.table('token_keys', {
  id: integer('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A chat thread of the embedded chat server; a session's thread carries its session id. */
export const threads = communication.table(
  'threads',
  {
    id: text('id').primaryKey(),
    /** The session this thread belongs to (at most one live thread per session). */
    sessionId: text('session_id'),
    topic: text('topic').notNull(),
    /** The communication user id of the creator. */
    createdBy: text('created_by').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    deletedOn: timestamp('deleted_on', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    retentionPolicy: jsonb('retention_policy').$type<ChatRetentionPolicy>(),
    /** The creator's repeatability-request-id: the same id creates the same thread once. */
    repeatabilityRequestId: text('repeatability_request_id'),
    /** The last sequenceId and message id handed out (both grow by one or more per message). */
    lastSequenceId: bigint('last_sequence_id', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageReceivedOn: timestamp('last_message_received_on', { withTimezone: true }),
    /** When the thread's session closed (its thread is read-only until it reopens); null while open. */
    closedOn: timestamp('closed_on', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('threads_session_live_unique')
      .on(t.sessionId)
      .where(sql`${t.deletedOn} is null and ${t.sessionId} is not null`),
    uniqueIndex('threads_repeatability_unique').on(t.createdBy, t.repeatabilityRequestId),
  ],
);
export type ThreadRow = typeof threads.$inferSelect;

/** Who is in a thread, by communication user id. */
export const participants = communication.table(
  'participants',
  {
    threadId: text('thread_id').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name'),
    shareHistoryTime: timestamp('share_history_time', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    addedOn: timestamp('added_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('participants_user_idx').on(t.userId),
  ],
);
export type ParticipantRow = typeof participants.$inferSelect;

/** A message of a thread: text/html from a user, or a system message (topic, participants). */
export const messages = communication.table(
  'messages',
  {
    threadId: text('thread_id').notNull(),
    id: text('id').notNull(),
    sequenceId: bigint('sequence_id', { mode: 'number' }).notNull(),
    type: text('type', {
      enum: ['text', 'html', 'topicUpdated', 'participantAdded', 'participantRemoved'],
    }).notNull(),
    version: text('version').notNull(),
    content: jsonb('content').$type<ChatMessageContent>(),
    senderId: text('sender_id'),
    senderDisplayName: text('sender_display_name'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
    editedOn: timestamp('edited_on', { withTimezone: true }),
    deletedOn: timestamp('deleted_on', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.id] }),
    uniqueIndex('messages_sequence_unique').on(t.threadId, t.sequenceId),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** Each participant's latest read receipt in a thread. */
export const readReceipts = communication.table(
  'read_receipts',
  {
    threadId: text('thread_id').notNull(),
    userId: text('user_id').notNull(),
    chatMessageId: text('chat_message_id').notNull(),
    readOn: timestamp('read_on', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** The transactional outbox (service-kit): chat real-time nudges and usage events commit with the chat write. */
export const outbox = outboxTable(communication);

/**
 * Usage already reported to the ledger, by a key naming the message (session, sender, the widget's
 * clientMessageId or the server's message id): the chat server's own count and the widget's
 * audit-message share the key, so a message counts once however often it is reported.
 */
export const usageMarks = communication.table('usage_marks', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * ACS mode: the Azure Communication Services identity of each OneETA user (created once, on first
 * use), and the service's own identity (the row whose user id is ACS_SERVICE_USER), which creates
 * the session threads and adds and removes their members.
 */
export const acsIdentities = communication.table('acs_identities', {
  userId: text('user_id').primaryKey(),
  acsId: text('acs_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ACS mode: a session's thread on ACS (at most one live per session; Reset Chat and close delete it). */
export const acsThreads = communication.table(
  'acs_threads',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    /** The ACS id of the session author who created it (kept in the thread by the member sync). */
    ownerAcsId: text('owner_acs_id').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    deletedOn: timestamp('deleted_on', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('acs_threads_session_live_unique')
      .on(t.sessionId)
      .where(sql`${t.deletedOn} is null`),
  ],
);
export type AcsThreadRow = typeof acsThreads.$inferSelect;
