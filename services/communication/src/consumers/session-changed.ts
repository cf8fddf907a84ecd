import { TOPICS, type SessionScheduleData } from '@oneeta/contracts';
import { consumeEvents, type AccountLookup, type EventsContext } from '@oneeta/service-kit';
import { planMembership } from '../domain/members.js';
import { displayNameOf } from '../domain/rules.js';
import type { ChatBackend } from '../providers/chat-backend.js';
import type { SessionClient } from '../providers/sessions.js';
import type { ChatStore } from '../store/chat-store.js';

/** The consumer group of the chat's membership sync (renaming it re-reads the stream from the start). */
export const CHAT_MEMBERS_GROUP = 'communication:chat-members';

export interface ThreadSyncDeps {
  /** The chat server the session threads live on (embedded or ACS). */
  chat: ChatBackend;
  /** Usage marks of a closed session are dropped. */
  store: Pick<ChatStore, 'forgetUsageMarks'>;
  sessions: Pick<SessionClient, 'schedule'>;
  accounts: AccountLookup;
}

/**
 * Brings a session's thread in line with the session as the session service has it now: closed
 * or open, and its members (the author and every active participant in; anyone else out). Reads
 * the current state rather than the event's delta, so applying it twice, late or out of order
 * changes nothing more.
 */
export async function syncSessionThread(
  deps: ThreadSyncDeps,
  sessionId: string,
  known?: SessionScheduleData | null,
): Promise<void> {
  const thread = await deps.chat.sessionThread(sessionId);
  if (!thread) return;
  const schedule = known === undefined ? await deps.sessions.schedule(sessionId) : known;
  // Privacy (document 1 §1's spirit: a closed session keeps no positions): a closed or deleted
  // session's messages are deleted (embedded: the thread stays, read-only and empty).
  if (!schedule || schedule.isClosed) {
    await deps.chat.close(thread);
    if (schedule) await deps.store.forgetUsageMarks(sessionId);
    return;
  }
  if (thread.closed) await deps.chat.reopen(thread);
  const active = [
    ...new Set(
      schedule.participants.flatMap((p) => (p.status === 'active' && p.userId ? [p.userId] : [])),
    ),
  ];
  const ids = new Map(
    await Promise.all(active.map(async (u) => [u, await deps.chat.identityOf(u)] as const)),
  );
  const members = await deps.chat.members(thread);
  const plan = planMembership(
    schedule,
    thread.createdBy,
    members.map((m) => m.id),
    (userId) => ids.get(userId) ?? userId,
  );
  if (plan.add.length > 0) {
    const people = await Promise.all(
      plan.add.map(async (userId) => {
        const account = await deps.accounts(userId);
        return account ? { userId, displayName: displayNameOf(account) } : null;
      }),
    );
    await deps.chat.addMembers(
      thread,
      people.filter((p) => p !== null),
    );
  }
  for (const id of plan.remove) await deps.chat.removeMember(thread, id);
}

/**
 * `session.changed` (a join, a leave, a removal, close and reopen, the owner's ensure-chat-members):
 * the session's thread follows. A failure (the session service or ACS unreachable) throws, and
 * the bus redelivers.
 */
export function startSessionChangedConsumer(deps: ThreadSyncDeps & EventsContext) {
  return consumeEvents(deps, {
    topic: TOPICS.sessionChanged,
    group: CHAT_MEMBERS_GROUP,
    failure: 'chat members: session thread not brought in line',
    handle: (data) => syncSessionThread(deps, data.sessionId),
  });
}
