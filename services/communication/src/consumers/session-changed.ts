import { sessionChangedDataSchema, TOPICS, type SessionScheduleData } from '@oneeta/contracts';
import type { AccountLookup, EventBus } from '@oneeta/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { communicationUserIdOf } from '../domain/identity.js';
import { planMembership } from '../domain/members.js';
import { displayNameOf } from '../domain/rules.js';
import type { SessionClient } from '../providers/sessions.js';
import type { ChatStore } from '../store/chat-store.js';

/** The consumer group of the chat's membership sync (renaming it re-reads the stream from the start). */
export const CHAT_MEMBERS_GROUP = 'communication:chat-members';

export interface ThreadSyncDeps {
  store: ChatStore;
  sessions: Pick<SessionClient, 'schedule'>;
  accounts: AccountLookup;
}

/**
 * Brings a session's thread in line with the session as the session service has it now: closed
 * or open, and its members (the author and every active participant in; anyone else out, each
 * with a participantAdded/participantRemoved message). Reads the current state rather than the
 * event's delta, so applying it twice, late or out of order changes nothing more.
 */
export async function syncSessionThread(
  deps: ThreadSyncDeps,
  sessionId: string,
  known?: SessionScheduleData | null,
): Promise<void> {
  const thread = await deps.store.threadOfSession(sessionId);
  if (!thread) return;
  const schedule = known === undefined ? await deps.sessions.schedule(sessionId) : known;
  if (!schedule) {
    // The session is gone: its thread takes no more messages, and its messages go (privacy).
    if (!thread.closedOn) await deps.store.setClosed(thread.id, new Date());
    await deps.store.purgeMessages(thread.id);
    return;
  }
  if (schedule.isClosed !== (thread.closedOn !== null))
    await deps.store.setClosed(thread.id, schedule.isClosed ? new Date() : null);
  // Privacy (document 1 §1's spirit: a closed session keeps no positions): a closed session's
  // messages are deleted; the thread stays, read-only, and is empty if the session reopens.
  if (schedule.isClosed) {
    await deps.store.purgeMessages(thread.id);
    await deps.store.forgetUsageMarks(sessionId);
  }
  const plan = planMembership(
    schedule,
    thread.createdBy,
    await deps.store.participantIds(thread.id),
  );
  if (plan.add.length > 0) {
    const people = await Promise.all(
      plan.add.map(async (userId) => {
        const account = await deps.accounts(userId);
        return account
          ? { userId: communicationUserIdOf(userId), displayName: displayNameOf(account) }
          : null;
      }),
    );
    await deps.store.addParticipants(
      thread.id,
      people.filter((p) => p !== null),
      thread.createdBy,
    );
  }
  for (const id of plan.remove) await deps.store.removeParticipant(thread.id, id, thread.createdBy);
}

/**
 * `session.changed` (a join, a leave, a removal, close and reopen, the owner's ensure-chat-members):
 * the session's thread follows. A failure (the session service unreachable) throws, and the bus
 * redelivers.
 */
export function startSessionChangedConsumer(
  deps: ThreadSyncDeps & {
    bus: Pick<EventBus, 'consume'>;
    consumer: string;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  },
) {
  return deps.bus.consume<unknown>({
    topic: TOPICS.sessionChanged,
    group: CHAT_MEMBERS_GROUP,
    consumer: deps.consumer,
    startId: '0',
    handler: async (event) => {
      const parsed = sessionChangedDataSchema.safeParse(event.data);
      if (!parsed.success) {
        deps.log.warn({ eventId: event.id }, 'chat members: session.changed ignored (bad payload)');
        return;
      }
      await syncSessionThread(deps, parsed.data.sessionId);
    },
    onError: (err, event) =>
      deps.log.error(
        { err, eventId: event?.id },
        'chat members: session thread not brought in line',
      ),
  });
}
