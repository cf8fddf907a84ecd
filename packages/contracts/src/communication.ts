import { z } from 'zod';
import { CALL_MODES, COMMUNICATION_MODES } from './communication-rules.js';
import { idSchema, safeText } from './text.js';

/**
 * POST /api/communication/token answer (doc 2 §7). `mode` (issue 16) tells the web app which
 * transport to use: 'embedded' = fetch on /chat/* plus /ws; 'acs' = the ACS SDKs (calling only there).
 */
export const communicationTokenResponseSchema = z.object({
  mode: z.enum(COMMUNICATION_MODES),
  token: z.string(),
  expiresOn: z.string(),
  endpoint: z.string(),
  threadId: z.string(),
  user: z.object({ id: z.string() }),
});

/** The content of a chat message is a JSON string of this shape. */
export const chatContentSchema = z.object({
  message: safeText('Message', { multiline: true }).min(1).max(4000),
  clientMessageId: idSchema('clientMessageId', 100),
  senderName: safeText('Sender name').max(120),
});

/**
 * Call time is counted from what the server saw: a member says their own call began (the server
 * notes the time), then that it ended; the seconds between the two, by the server's clock, go to the
 * ledger under the caller's own chat identity. A call not ended within this long is dropped.
 */
export const CALL_USAGE_MAX_SECONDS = 6 * 3600;
/** POST /api/communication/call-usage/start: the caller's call in the session began (seconds or identities are refused). */
export const callUsageStartBodySchema = z.strictObject({
  sessionId: idSchema('sessionId'),
  mode: z.enum(CALL_MODES),
});
export type CallUsageStartBody = z.infer<typeof callUsageStartBodySchema>;
/** The started call's id, to end it with (a new start replaces a call the caller never ended). */
export const callUsageStartResponseSchema = z.object({ callId: z.string() });
export type CallUsageStartResponse = z.infer<typeof callUsageStartResponseSchema>;
/** POST /api/communication/call-usage/end: the caller's call ended (seconds or identities are refused). */
export const callUsageEndBodySchema = z.strictObject({
  sessionId: idSchema('sessionId'),
  callId: idSchema('callId'),
});
export type CallUsageEndBody = z.infer<typeof callUsageEndBodySchema>;
/** Answered 202: the seconds counted (0 and `duplicate` when the call was already ended, or unknown). */
export const callUsageEndResponseSchema = z.object({
  ok: z.literal(true),
  duplicate: z.boolean(),
  seconds: z.number().int().min(0),
});
export type CallUsageEndResponse = z.infer<typeof callUsageEndResponseSchema>;

/** The event name of POST /api/communication/audit-message (document 2 §7). */
export const CHAT_AUDIT_EVENTS = ['chat_message_sent'] as const;
/**
 * POST /api/communication/audit-message (fire and forget): the widget reports a message it sent.
 * Counted once per message: the server counts a session thread's messages itself when they are
 * sent, and this report (matched by clientMessageId) never adds a second count.
 */
export const communicationAuditMessageBodySchema = z.object({
  sessionId: idSchema('sessionId'),
  /** The sender's participant id or communication user id (informational). */
  participantId: safeText('participantId').max(300).optional(),
  clientMessageId: idSchema('clientMessageId', 100),
  messageLength: z.number().int().min(0).max(28_000),
  event: z.enum(CHAT_AUDIT_EVENTS),
});
export type CommunicationAuditMessageBody = z.infer<typeof communicationAuditMessageBodySchema>;
/** POST /api/communication/audit-message: answered 202 `{ok, duplicate}`. */
export const communicationAcceptedResponseSchema = z.object({
  ok: z.literal(true),
  /** True when the report was already counted (the same message). */
  duplicate: z.boolean(),
});
export type CommunicationAcceptedResponse = z.infer<typeof communicationAcceptedResponseSchema>;

/**
 * POST /api/communication/complete-call {sessionId, acsIds}: the caller asks to end the call for the
 * selected participants. Missing pieces answer 400 'Missing sessionId' / 'No participants selected'
 * (the route checks them itself so the texts are the spec's).
 */
export const communicationCompleteCallBodySchema = z.object({
  sessionId: z.string().max(100).optional(),
  acsIds: z.array(safeText('acsId').min(1).max(300)).max(250).optional(),
});
export type CommunicationCompleteCallBody = z.infer<typeof communicationCompleteCallBodySchema>;
export const communicationCompleteCallResponseSchema = z.object({
  ok: z.literal(true),
  /** The acsIds that are members of the session's chat (the others are ignored). */
  completed: z.array(z.string()),
});
export type CommunicationCompleteCallResponse = z.infer<
  typeof communicationCompleteCallResponseSchema
>;

/** POST /api/communication/reset {sessionId}: the owner's Reset Chat. */
export const communicationResetBodySchema = z.object({ sessionId: idSchema('sessionId') });
export type CommunicationResetBody = z.infer<typeof communicationResetBodySchema>;
export const communicationResetResponseSchema = z.object({
  /** The session's new, empty thread. */
  threadId: z.string(),
  /** The thread it replaces (now deleted and read-only), null when the session had none. */
  previousThreadId: z.string().nullable(),
  endpoint: z.string(),
});
export type CommunicationResetResponse = z.infer<typeof communicationResetResponseSchema>;

/** POST /api/communication/token body: the session whose thread the token is for (optional). */
export const communicationTokenBodySchema = z.object({
  sessionId: idSchema('sessionId').optional(),
});
export type CommunicationTokenBody = z.infer<typeof communicationTokenBodySchema>;
export type CommunicationTokenResponse = z.infer<typeof communicationTokenResponseSchema>;

/** POST /api/communication/thread: attach to (threadId given) or create the session's thread. */
export const communicationThreadBodySchema = z.object({
  sessionId: idSchema('sessionId'),
  threadId: safeText('threadId').min(1).max(200).optional(),
});
export type CommunicationThreadBody = z.infer<typeof communicationThreadBodySchema>;
export const communicationThreadResponseSchema = z.object({
  threadId: z.string(),
  endpoint: z.string(),
  /** The caller's communication user id in this session's chat. */
  sessionAcsId: z.string(),
});
export type CommunicationThreadResponse = z.infer<typeof communicationThreadResponseSchema>;

/** POST /api/communication/participants: the thread's other participants (the caller removed). */
export const communicationParticipantsBodySchema = z.object({ sessionId: idSchema('sessionId') });
export const communicationParticipantsResponseSchema = z.object({
  participants: z.array(z.object({ id: z.string(), displayName: z.string() })),
});
export type CommunicationParticipantsResponse = z.infer<
  typeof communicationParticipantsResponseSchema
>;

// ── The chat service's wire format (ACS chat, api-version 2025-03-15) ──────────────────────────

/** A communication identifier as the chat API sends it (`kind` and `rawId` plus one of the kinds). */
export const communicationIdentifierModelSchema = z.object({
  kind: z
    .enum([
      'unknown',
      'communicationUser',
      'phoneNumber',
      'microsoftTeamsUser',
      'microsoftTeamsApp',
    ])
    .optional(),
  rawId: z.string().max(300).optional(),
  communicationUser: z.object({ id: z.string().min(1).max(300) }).optional(),
  phoneNumber: z.object({ value: z.string().max(50) }).optional(),
  microsoftTeamsUser: z
    .object({
      userId: z.string().max(300),
      isAnonymous: z.boolean().optional(),
      cloud: z.string().optional(),
    })
    .optional(),
  microsoftTeamsApp: z
    .object({ appId: z.string().max(300), cloud: z.string().optional() })
    .optional(),
});
export type CommunicationIdentifierModel = z.infer<typeof communicationIdentifierModelSchema>;

const chatMetadataSchema = z.record(z.string().max(256), z.string().max(4096));

export const chatRetentionPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('threadCreationDate'),
    deleteThreadAfterDays: z.number().int().min(1).max(90),
  }),
]);
export type ChatRetentionPolicy = z.infer<typeof chatRetentionPolicySchema>;

export const chatParticipantSchema = z.object({
  communicationIdentifier: communicationIdentifierModelSchema,
  displayName: z.string().max(256).optional(),
  shareHistoryTime: z.string().optional(),
  metadata: chatMetadataSchema.optional(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const CHAT_MESSAGE_TYPES = [
  'text',
  'html',
  'topicUpdated',
  'participantAdded',
  'participantRemoved',
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** POST /chat/threads */
export const createChatThreadRequestSchema = z.object({
  topic: z.string().max(1000),
  participants: z.array(chatParticipantSchema).max(250).optional(),
  metadata: chatMetadataSchema.optional(),
  retentionPolicy: chatRetentionPolicySchema.optional(),
});
/** PATCH /chat/threads/{id} (merge-patch) */
export const updateChatThreadRequestSchema = createChatThreadRequestSchema
  .omit({ participants: true })
  .partial();
/** POST /chat/threads/{id}/messages */
export const sendChatMessageRequestSchema = z.object({
  content: z.string().max(28_000),
  senderDisplayName: z.string().max(256).optional(),
  type: z.enum(['text', 'html']).optional(),
  metadata: chatMetadataSchema.optional(),
});
/** PATCH /chat/threads/{id}/messages/{messageId} (merge-patch) */
export const updateChatMessageRequestSchema = z.object({
  content: z.string().max(28_000).optional(),
  metadata: chatMetadataSchema.optional(),
});
/** POST /chat/threads/{id}/participants/:add */
export const addChatParticipantsRequestSchema = z.object({
  participants: z.array(chatParticipantSchema).min(1).max(200),
});
/** POST /chat/threads/{id}/readReceipts */
export const sendReadReceiptRequestSchema = z.object({ chatMessageId: z.string().min(1).max(100) });
/** POST /chat/threads/{id}/typing */
export const sendTypingNotificationRequestSchema = z.object({
  senderDisplayName: z.string().max(256).optional(),
});
/** maxPageSize / startTime / skip, and our opaque continuation. */
export const chatPageQuerySchema = z.object({
  'api-version': z.string().optional(),
  maxPageSize: z.coerce.number().int().min(1).max(200).optional(),
  startTime: z.iso.datetime({ offset: true }).optional(),
  skip: z.coerce.number().int().min(0).optional(),
  syncState: z.string().max(500).optional(),
});
export const chatApiVersionQuerySchema = z.object({ 'api-version': z.string().optional() });
/** The path of a thread's calls: /chat/threads/{chatThreadId}… */
export const chatThreadParamsSchema = z.object({ chatThreadId: z.string().min(1).max(200) });
/** The path of a message's calls: /chat/threads/{chatThreadId}/messages/{chatMessageId} */
export const chatMessageParamsSchema = chatThreadParamsSchema.extend({
  chatMessageId: z.string().min(1).max(100),
});

/** The error body of every refused chat call: `{ error: { code, message, target, details, innererror } }`. */
export interface ChatError {
  code: string;
  message: string;
  target?: string;
  details?: ChatError[];
  innererror?: ChatError;
}

export interface ChatThreadProperties {
  id: string;
  topic: string;
  createdOn: string;
  createdByCommunicationIdentifier: CommunicationIdentifierModel;
  deletedOn?: string;
  metadata?: Record<string, string>;
  retentionPolicy?: ChatRetentionPolicy;
}
export interface ChatThreadItem {
  id: string;
  topic: string;
  deletedOn?: string;
  lastMessageReceivedOn?: string;
}
export interface ChatMessageContent {
  message?: string;
  topic?: string;
  participants?: ChatParticipant[];
  initiatorCommunicationIdentifier?: CommunicationIdentifierModel;
}
export interface ChatMessage {
  id: string;
  type: ChatMessageType;
  sequenceId: string;
  version: string;
  content?: ChatMessageContent;
  senderDisplayName?: string;
  createdOn: string;
  senderCommunicationIdentifier?: CommunicationIdentifierModel;
  deletedOn?: string;
  editedOn?: string;
  metadata?: Record<string, string>;
}
export interface ChatMessageReadReceipt {
  senderCommunicationIdentifier: CommunicationIdentifierModel;
  chatMessageId: string;
  readOn: string;
}
