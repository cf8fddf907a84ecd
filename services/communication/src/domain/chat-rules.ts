import { COMMUNICATION_MESSAGES, type addChatParticipantsRequestSchema } from '@oneeta/contracts';
import type { z } from 'zod';
import type { NewParticipant } from '../store/participants.js';
import { badRequest, ChatApiError, forbidden, notFound, unauthorized } from './errors.js';
import { communicationUserOf } from './identity.js';
import { hourlyLimitMessage } from './limits.js';

/**
 * The embedded chat server's rules, as ACS applies them and as a session's thread follows its
 * session. Pure: each answers or throws the chat API's refusal.
 */

/** At most one typing notification per participant and thread goes out in this window. */
export const TYPING_WINDOW_MS = 8000;

export const parseDate = (text: string | undefined): Date | undefined =>
  text === undefined ? undefined : new Date(text);

interface Thread {
  createdBy: string;
  closedOn: Date | null;
}
interface Member {
  shareHistoryTime: Date | null;
}

/** A session thread whose session closed is read-only: 403 'Session closed'. */
export function assertWritable<T extends Thread>(thread: T): T {
  if (thread.closedOn) throw forbidden(COMMUNICATION_MESSAGES.sessionClosed);
  return thread;
}

/**
 * What only the thread's creator does: a session's thread belongs to the session, so only its
 * creator (the session author) deletes it or adds people (the service adds members itself).
 */
export function assertCreator(thread: Thread, caller: string, what: 'delete' | 'add'): void {
  if (thread.createdBy === caller) return;
  throw forbidden(
    what === 'delete'
      ? 'Only the creator of the thread can delete it.'
      : 'Only the creator of the thread can add participants.',
  );
}

/** Anyone may leave; only the creator removes others. */
export function assertMayRemove(thread: Thread, caller: string, target: string): void {
  if (target !== caller && thread.createdBy !== caller)
    throw forbidden('Only the creator of the thread can remove other participants.');
}

/** A message's text must say something. */
export function assertContent(content: string | undefined): void {
  if (content !== undefined && content.trim().length === 0)
    throw badRequest('The message content must not be empty.', 'content');
}

/** Only its sender edits or deletes a message; a deleted one is not edited. */
export function assertSender(
  message: { id: string; senderId: string | null; deletedOn?: Date | null },
  caller: string,
  what: 'edit' | 'delete',
): void {
  if (message.senderId !== caller) throw forbidden(`Only the sender can ${what} a message.`);
  if (what === 'edit' && message.deletedOn)
    throw notFound(`Message '${message.id}' was deleted.`, 'chatMessageId');
}

/** The refusal of a message over the plan's hourly limit (429, Retry-After in seconds). */
export const tooManyMessages = (limit: number, retryAfterMs: number): ChatApiError =>
  new ChatApiError(
    429,
    'TooManyRequests',
    hourlyLimitMessage(limit, retryAfterMs),
    {},
    { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
  );

/** Who may send: the account of the token still exists and has a name or an e-mail to show. */
export function senderAccount<A extends { name: string | null; email: string }>(
  account: A | null,
): A {
  if (!account) throw unauthorized('The account of this access token no longer exists.');
  if (!account.name?.trim() && !account.email.trim())
    throw forbidden(COMMUNICATION_MESSAGES.nameRequired);
  return account;
}

/**
 * The history a participant sees: a participant added with a shareHistoryTime sees the
 * messages created from then on, as ACS shares them; one added without sees all of it.
 */
export const historyStart = (me: Member, startTime: Date | undefined): Date | undefined =>
  me.shareHistoryTime && (!startTime || startTime < me.shareHistoryTime)
    ? me.shareHistoryTime
    : startTime;

/** A message from before the caller's shared history: not theirs to see. */
export const beforeHistory = (me: Member, message: { createdOn: Date }): boolean =>
  me.shareHistoryTime !== null && message.createdOn < me.shareHistoryTime;

/** The Repeatability-Request-Id of a thread creation (at most 200 characters), if any. */
export const repeatabilityIdOf = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' && header.length > 0 ? header.slice(0, 200) : undefined;

/**
 * The participants of a request: communication users become participants; anyone else (a phone
 * number, a Teams user) comes back as an invalid participant, as ACS answers them.
 */
export function toNewParticipants(
  list: z.infer<typeof addChatParticipantsRequestSchema>['participants'],
) {
  const valid: NewParticipant[] = [];
  const invalid: { code: string; message: string; target: string }[] = [];
  for (const p of list) {
    const id = communicationUserOf(p.communicationIdentifier);
    if (!id) {
      invalid.push({
        code: 'BadRequest',
        message: 'Only communication users can be chat participants.',
        target: p.communicationIdentifier.rawId ?? '',
      });
      continue;
    }
    valid.push({
      userId: id,
      displayName: p.displayName,
      shareHistoryTime: parseDate(p.shareHistoryTime),
      metadata: p.metadata,
    });
  }
  return { valid, invalid };
}
