import type {
  ChatMessage,
  ChatMessageReadReceipt,
  ChatParticipant,
  ChatThreadItem,
  ChatThreadProperties,
} from '@oneeta/contracts';
import type { MessageRow, ParticipantRow, ThreadRow } from '../store/schema.js';
import { identifierOf } from './identity.js';

/** Rows as the chat API writes them (ACS chat, api-version 2025-03-15): absent fields are left out, never null. */

export function threadProperties(row: ThreadRow): ChatThreadProperties {
  return {
    id: row.id,
    topic: row.topic,
    createdOn: row.createdOn.toISOString(),
    createdByCommunicationIdentifier: identifierOf(row.createdBy),
    ...(row.deletedOn ? { deletedOn: row.deletedOn.toISOString() } : {}),
    ...(row.metadata && Object.keys(row.metadata).length > 0 ? { metadata: row.metadata } : {}),
    ...(row.retentionPolicy ? { retentionPolicy: row.retentionPolicy } : {}),
  };
}

export function threadItem(row: ThreadRow): ChatThreadItem {
  return {
    id: row.id,
    topic: row.topic,
    ...(row.deletedOn ? { deletedOn: row.deletedOn.toISOString() } : {}),
    ...(row.lastMessageReceivedOn
      ? { lastMessageReceivedOn: row.lastMessageReceivedOn.toISOString() }
      : {}),
  };
}

export function chatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    type: row.type,
    sequenceId: String(row.sequenceId),
    version: row.version,
    ...(row.content ? { content: row.content } : {}),
    ...(row.senderDisplayName ? { senderDisplayName: row.senderDisplayName } : {}),
    createdOn: row.createdOn.toISOString(),
    ...(row.senderId ? { senderCommunicationIdentifier: identifierOf(row.senderId) } : {}),
    ...(row.deletedOn ? { deletedOn: row.deletedOn.toISOString() } : {}),
    ...(row.editedOn ? { editedOn: row.editedOn.toISOString() } : {}),
    ...(row.metadata && Object.keys(row.metadata).length > 0 ? { metadata: row.metadata } : {}),
  };
}

export function chatParticipant(row: ParticipantRow): ChatParticipant {
  return {
    communicationIdentifier: identifierOf(row.userId),
    ...(row.displayName ? { displayName: row.displayName } : {}),
    ...(row.shareHistoryTime ? { shareHistoryTime: row.shareHistoryTime.toISOString() } : {}),
    ...(row.metadata && Object.keys(row.metadata).length > 0 ? { metadata: row.metadata } : {}),
  };
}

export function readReceipt(row: {
  userId: string;
  chatMessageId: string;
  readOn: Date;
}): ChatMessageReadReceipt {
  return {
    senderCommunicationIdentifier: identifierOf(row.userId),
    chatMessageId: row.chatMessageId,
    readOn: row.readOn.toISOString(),
  };
}
