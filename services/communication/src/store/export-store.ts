import { asc, eq, inArray } from 'drizzle-orm';
import type { CommunicationUserExport } from '@oneeta/contracts';
import type { Database } from '@oneeta/service-kit';
import { acsIdentities, messages, participants, threads } from './schema.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Everything the chat holds about one account, for its data export: the messages written and the
 * threads joined under its chat identities (`embeddedId`, and its ACS identity if it has one).
 */
export async function exportUser(
  db: Database,
  userId: string,
  embeddedId: string,
): Promise<CommunicationUserExport> {
  const acs = await db
    .select({ acsId: acsIdentities.acsId })
    .from(acsIdentities)
    .where(eq(acsIdentities.userId, userId));
  const ids = [embeddedId, ...acs.map((r) => r.acsId)];
  const [written, joined] = await Promise.all([
    db
      .select({ message: messages, sessionId: threads.sessionId })
      .from(messages)
      .leftJoin(threads, eq(threads.id, messages.threadId))
      .where(inArray(messages.senderId, ids))
      .orderBy(asc(messages.createdOn)),
    db
      .select({ member: participants, sessionId: threads.sessionId })
      .from(participants)
      .leftJoin(threads, eq(threads.id, participants.threadId))
      .where(inArray(participants.userId, ids))
      .orderBy(asc(participants.addedOn)),
  ]);
  return {
    messages: written.map(({ message: m, sessionId }) => ({
      threadId: m.threadId,
      sessionId,
      id: m.id,
      type: m.type,
      content: (m.content as Record<string, unknown> | null) ?? null,
      createdOn: m.createdOn.toISOString(),
      editedOn: iso(m.editedOn),
      deletedOn: iso(m.deletedOn),
    })),
    threads: joined.map(({ member, sessionId }) => ({
      threadId: member.threadId,
      sessionId,
      displayName: member.displayName,
      addedOn: member.addedOn.toISOString(),
    })),
  };
}
