import { createHash } from 'node:crypto';
import type { ChatEventUser, ChatRealtimeEvent } from '@oneeta/contracts';
import { z } from 'zod';
import type { MessageRow } from '../store/schema.js';

/** A chat user as the real-time frames carry it. */
export const eventUser = (id: string, displayName?: string | null): ChatEventUser => ({
  id,
  ...(displayName ? { displayName } : {}),
});

const messageFields = (row: MessageRow) => ({
  id: row.id,
  sequenceId: String(row.sequenceId),
  version: row.version,
  messageType: row.type,
  ...(row.senderId ? { senderId: row.senderId } : {}),
  ...(row.senderDisplayName ? { senderDisplayName: row.senderDisplayName } : {}),
  createdOn: row.createdOn.toISOString(),
});

/** chatMessageReceived / chatMessageEdited / chatMessageDeleted of a stored message. */
export function messageEvent(
  row: MessageRow,
  kind: 'received' | 'edited' | 'deleted',
): ChatRealtimeEvent {
  const content = row.content?.message ?? '';
  if (kind === 'received') return { type: 'chatMessageReceived', ...messageFields(row), content };
  if (kind === 'edited')
    return {
      type: 'chatMessageEdited',
      ...messageFields(row),
      content,
      editedOn: (row.editedOn ?? new Date()).toISOString(),
    };
  return {
    type: 'chatMessageDeleted',
    ...messageFields(row),
    deletedOn: (row.deletedOn ?? new Date()).toISOString(),
  };
}

/** The widget's content: a JSON string holding message, clientMessageId and senderName (document 2 §3). */
const widgetContent = z.object({
  message: z.string(),
  clientMessageId: z.string().min(1).max(100),
});

/** The widget's clientMessageId and text inside a message's content, when it is the widget's JSON. */
export function widgetMessageOf(
  content: string,
): { clientMessageId: string; message: string } | null {
  try {
    const parsed = widgetContent.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The key of one chat message in the usage ledger: the widget's clientMessageId when it has one
 * (the widget's audit-message names the message by it), else the server's message id.
 */
export function chatUsageKey(input: {
  sessionId: string;
  senderId: string;
  clientMessageId?: string | undefined;
  threadId?: string | undefined;
  messageId?: string | undefined;
}): string {
  const which = input.clientMessageId
    ? `c:${input.clientMessageId}`
    : `m:${input.threadId ?? ''}:${input.messageId ?? ''}`;
  return `chat:${input.sessionId}:${input.senderId}:${which}`;
}

/** A UUID-shaped event id derived from a key: the same message always gives the same event id. */
export function eventIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
