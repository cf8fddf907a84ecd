import type { ChatMessageContent, ChatRealtimeEvent } from '@oneeta/contracts';
import type { Database, Outbox, OutboxInput } from '@oneeta/service-kit';
import { eq } from 'drizzle-orm';
import { threads } from './schema.js';

/** Where a session thread's writes send their real-time nudges and usage events (in the write's transaction). */
export interface ChatStoreEffects {
  /** The service's transactional outbox; without it nothing is published (a read-only helper). */
  outbox?: Outbox | undefined;
  /** Called after a transaction that wrote outbox rows commits (wakes the relay). */
  onCommit?: (() => void) | undefined;
}

/** The outbox aggregate of a session: its nudges and usage events are relayed in order. */
export const sessionAggregate = (sessionId: string) => `session:${sessionId}`;

/** The outbox rows of one real-time event of a session thread (none for a thread without a session). */
export function chatEventNudges(
  thread: { id: string; sessionId: string | null },
  events: ChatRealtimeEvent[],
): OutboxInput[] {
  const sessionId = thread.sessionId;
  if (!sessionId) return [];
  return events.map((event) => ({
    aggregate: sessionAggregate(sessionId),
    kind: 'nudge' as const,
    sessionId,
    nudge: { type: 'chat-event' as const, sessionId, threadId: thread.id, event },
  }));
}

/** A communication user as a system message's content names them. */
const identifier = (id: string) => ({
  kind: 'communicationUser' as const,
  rawId: id,
  communicationUser: { id },
});

/** The content of a participantAdded / participantRemoved system message. */
export const participantContent = (
  list: {
    userId: string;
    displayName?: string | null | undefined;
    shareHistoryTime?: Date | null | undefined;
  }[],
  initiator: string,
): ChatMessageContent => ({
  participants: list.map((p) => ({
    communicationIdentifier: identifier(p.userId),
    ...(p.displayName ? { displayName: p.displayName } : {}),
    ...(p.shareHistoryTime ? { shareHistoryTime: p.shareHistoryTime.toISOString() } : {}),
  })),
  initiatorCommunicationIdentifier: identifier(initiator),
});

/** The content of a topicUpdated system message. */
export const topicContent = (topic: string, initiator: string): ChatMessageContent => ({
  topic,
  initiatorCommunicationIdentifier: identifier(initiator),
});

/**
 * What every chat store writes with: a transaction (waking the outbox relay after it commits), the
 * session of a thread, and the outbox rows of a session thread's real-time events.
 */
export function chatWrites(db: Database, effects: ChatStoreEffects) {
  return {
    db,
    effects,
    tx: async <T>(fn: (handle: Database) => Promise<T>): Promise<T> => {
      const result = await db.transaction(async (handle) => fn(handle as unknown as Database));
      effects.onCommit?.();
      return result;
    },
    sessionOf: async (t: Database, threadId: string) => {
      const [row] = await t
        .select({ id: threads.id, sessionId: threads.sessionId })
        .from(threads)
        .where(eq(threads.id, threadId));
      return row ?? { id: threadId, sessionId: null };
    },
    /** Adds the nudges of a session thread's events to the outbox, in the caller's transaction. */
    emit: async (
      t: Database,
      thread: { id: string; sessionId: string | null },
      events: ChatRealtimeEvent[],
    ) => {
      const rows = chatEventNudges(thread, events);
      if (rows.length > 0 && effects.outbox) await effects.outbox.add(t, rows);
    },
  };
}
export type ChatWrites = ReturnType<typeof chatWrites>;
