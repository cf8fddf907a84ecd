import { z } from 'zod';
import { CHAT_MESSAGE_TYPES } from './communication.js';
import { participantSchema, travelSummarySchema } from './sessions.js';
import { sharedSuggestionSchema } from './suggestions.js';
import { idSchema } from './text.js';

/** Client → hub. `token` may carry the "Bearer " prefix. */
export const wsSubscribeSchema = z.object({
  action: z.literal('subscribe'),
  sessionId: idSchema('Session id'),
  token: z.string().min(1),
});
export const wsUnsubscribeSchema = z.object({
  action: z.literal('unsubscribe'),
  sessionId: idSchema('Session id'),
});
export const wsClientMessageSchema = z.discriminatedUnion('action', [
  wsSubscribeSchema,
  wsUnsubscribeSchema,
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

/**
 * At most this many participants ride on one `refresh-session` frame's `changes` (about 500 bytes
 * each); a change touching more sends the frame without them and pages refetch.
 */
export const SESSION_FRAME_MAX_PARTICIPANTS = 25;
/**
 * At most this many travel times (ranked places × participants, about 60 bytes each) ride on one
 * frame's `changes.suggestion`: 10 places for 25 people; a bigger suggestion sends the frame
 * without `changes` and pages refetch.
 */
export const SESSION_FRAME_MAX_SUGGESTION_CELLS = 250;

/**
 * What one committed change did to the session, as every member sees it: the participants it
 * touched (whole, as `GET /api/sessions/:id` shows them to a member), the group's travel summary
 * and the session fields that follow from them. A page holding revision `revision - 1` applies it
 * and has the session at `revision`.
 *
 * `suggestion`: the session's "Where should we meet?" suggestion after a change to it (proposed,
 * travel times in, a vote cast, moved or withdrawn) and while it is pending (its left-out list
 * follows positions); null whenever the session shows none; absent: unchanged. It leaves out the viewer's own vote
 * (`myVote`), the one part that differs per member: a page keeps its own for the same suggestion
 * and has none on a new one.
 */
export const sessionChangesSchema = z.object({
  participants: z.array(participantSchema).max(SESSION_FRAME_MAX_PARTICIPANTS),
  travel: travelSummarySchema,
  suggestedArriveAt: z.string().nullable(),
  sharingEnded: z.boolean(),
  updatedAt: z.string(),
  suggestion: sharedSuggestionSchema.nullable().optional(),
});
export type SessionChanges = z.infer<typeof sessionChangesSchema>;

/** Hub → client. */
export const wsRefreshSessionSchema = z.object({
  type: z.literal('refresh-session'),
  sessionId: z.string(),
  /** The session's revision after the change (absent from older publishers: refetch). */
  revision: z.number().int().min(1).optional(),
  /** The change itself, when it fits; without it (or after a gap in revisions) the page refetches. */
  changes: sessionChangesSchema.optional(),
});
export const wsChatMessageNudgeSchema = z.object({
  type: z.literal('chat-message'),
  sessionId: z.string(),
});
/** A member of the session has a new in-app notification (issue 15): members' pages refetch their inbox (the nudge names nobody). */
export const wsInboxNudgeSchema = z.object({
  type: z.literal('inbox'),
  sessionId: z.string(),
});
// ── Chat real time (issue 16): document 2 §3 "Real-time events", carried through our /ws hub ──

/** A chat user as a widget needs it: the communication user id (the identifier's rawId) and the name. */
export const chatEventUserSchema = z.object({
  id: z.string().max(300),
  displayName: z.string().max(256).optional(),
});
export type ChatEventUser = z.infer<typeof chatEventUserSchema>;

/** The message fields every message event carries (the chat server's own copy, as GET /messages gives it). */
const chatEventMessageFields = {
  /** The server's message id. */
  id: z.string().max(100),
  sequenceId: z.string().max(30),
  version: z.string().max(30),
  /** The chat message's own type (text, html, topicUpdated, participantAdded, participantRemoved). */
  messageType: z.enum(CHAT_MESSAGE_TYPES),
  /** The sender's communication user id (absent on system messages). */
  senderId: z.string().max(300).optional(),
  senderDisplayName: z.string().max(256).optional(),
  createdOn: z.string(),
};
export const chatMessageReceivedEventSchema = z.object({
  type: z.literal('chatMessageReceived'),
  ...chatEventMessageFields,
  /** The message content as sent (for our widget: the JSON string of message, clientMessageId, senderName). */
  content: z.string().max(28_000),
});
export const chatMessageEditedEventSchema = z.object({
  type: z.literal('chatMessageEdited'),
  ...chatEventMessageFields,
  content: z.string().max(28_000),
  editedOn: z.string(),
});
export const chatMessageDeletedEventSchema = z.object({
  type: z.literal('chatMessageDeleted'),
  ...chatEventMessageFields,
  deletedOn: z.string(),
});
/** Ephemeral: published directly, never stored. */
export const typingIndicatorReceivedEventSchema = z.object({
  type: z.literal('typingIndicatorReceived'),
  senderId: z.string().max(300),
  senderDisplayName: z.string().max(256).optional(),
  receivedOn: z.string(),
});
/** Ephemeral: published directly. */
export const readReceiptReceivedEventSchema = z.object({
  type: z.literal('readReceiptReceived'),
  senderId: z.string().max(300),
  chatMessageId: z.string().max(100),
  readOn: z.string(),
});
export const participantsAddedEventSchema = z.object({
  type: z.literal('participantsAdded'),
  participantsAdded: z.array(chatEventUserSchema).max(250),
  /** Absent when the server itself synced the membership (session.changed). */
  addedBy: chatEventUserSchema.optional(),
  addedOn: z.string(),
});
export const participantsRemovedEventSchema = z.object({
  type: z.literal('participantsRemoved'),
  participantsRemoved: z.array(chatEventUserSchema).max(250),
  removedBy: chatEventUserSchema.optional(),
  removedOn: z.string(),
});
/** Document 2 §3: 'Thread deletion reason: deletedByPolicy or deletedByUser'. */
export const CHAT_THREAD_DELETION_REASONS = ['deletedByPolicy', 'deletedByUser'] as const;
export const chatThreadDeletedEventSchema = z.object({
  type: z.literal('chatThreadDeleted'),
  deletedOn: z.string(),
  deletedBy: chatEventUserSchema.optional(),
  reason: z.enum(CHAT_THREAD_DELETION_REASONS),
});
/**
 * Ours, not ACS's: the session's chat moved to another thread (the owner's Reset Chat). `threadId` of
 * the frame is the old thread; every widget on it switches to `newThreadId` (empty, writable).
 */
export const chatThreadSwitchedEventSchema = z.object({
  type: z.literal('chatThreadSwitched'),
  newThreadId: z.string().max(200),
  switchedOn: z.string(),
});
export const chatRealtimeEventSchema = z.discriminatedUnion('type', [
  chatMessageReceivedEventSchema,
  chatMessageEditedEventSchema,
  chatMessageDeletedEventSchema,
  typingIndicatorReceivedEventSchema,
  readReceiptReceivedEventSchema,
  participantsAddedEventSchema,
  participantsRemovedEventSchema,
  chatThreadDeletedEventSchema,
  chatThreadSwitchedEventSchema,
]);
export type ChatRealtimeEvent = z.infer<typeof chatRealtimeEventSchema>;
export type ChatRealtimeEventType = ChatRealtimeEvent['type'];

/**
 * Hub → client: one real-time event of the session's chat thread `threadId`. Only threads bound to a
 * session publish. A widget ignores frames whose threadId is not the thread it shows.
 */
export const wsChatEventSchema = z.object({
  type: z.literal('chat-event'),
  sessionId: z.string(),
  threadId: z.string().max(200),
  event: chatRealtimeEventSchema,
});
export type WsChatEvent = z.infer<typeof wsChatEventSchema>;

export const wsSubscribedSchema = z.object({
  type: z.literal('subscribed'),
  sessionId: z.string(),
  /**
   * The session's `revision` once the subscription is live (absent when the hub could not read
   * it): a page holding that revision or a newer one has missed nothing and need not refetch.
   */
  revision: z.number().int().min(0).optional(),
});
export const wsErrorSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: z.string().optional(),
  sessionId: z.string().optional(),
});
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  wsRefreshSessionSchema,
  wsChatMessageNudgeSchema,
  wsInboxNudgeSchema,
  wsChatEventSchema,
  wsSubscribedSchema,
  wsErrorSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/**
 * Services → every hub, never to a client: `userId` is no longer a member of the session (removed,
 * left, or their account deleted). Each hub drops that user's subscriptions to the session at once
 * and forgets its cached membership answer, so nothing the session publishes afterwards reaches them.
 */
export const wsMemberRemovedSchema = z.object({
  type: z.literal('member-removed'),
  sessionId: z.string(),
  userId: z.string().min(1).max(200),
});
export type WsMemberRemoved = z.infer<typeof wsMemberRemovedSchema>;

/**
 * Messages published on Redis pub/sub `session:{id}`: the hub fans them out unchanged, except
 * `member-removed`, which it acts on and keeps to itself.
 */
export const sessionNudgeSchema = z.discriminatedUnion('type', [
  wsRefreshSessionSchema,
  wsChatMessageNudgeSchema,
  wsInboxNudgeSchema,
  wsChatEventSchema,
  wsMemberRemovedSchema,
]);
export type SessionNudge = z.infer<typeof sessionNudgeSchema>;

/**
 * The `code` of the hub's error frames. `code` stays a plain string on the frame, because a token
 * refusal passes the verifier's own code through ('token_expired', 'invalid_token').
 */
export const WS_ERROR_CODES = {
  badMessage: 'bad_message',
  notAuthenticated: 'not_authenticated',
  authUnavailable: 'auth_unavailable',
  /** At subscribe, or later: a nudge re-checked the subscriber and they are no longer a member (the subscription is dropped). */
  notMember: 'not_member',
  membershipUnavailable: 'membership_unavailable',
  tooManySubscriptions: 'too_many_subscriptions',
  subscribeFailed: 'subscribe_failed',
} as const;
export type WsErrorCode = (typeof WS_ERROR_CODES)[keyof typeof WS_ERROR_CODES];

/** The hub closes a socket for a policy reason with close code 1008 and one of these reasons. */
export const WS_POLICY_CLOSE = 1008;
export const WS_CLOSE_REASONS = {
  /** The newest token the socket subscribed with has expired: reconnect with a fresh one. */
  tokenExpired: 'Your sign-in has expired',
  /** Nothing subscribed within WS_SUBSCRIBE_TIMEOUT_MS of connecting (or of the last unsubscribe). */
  idle: 'No subscription in time',
  /** More than WS_MAX_CONNECTIONS_PER_IP open sockets from the same address. */
  tooManyConnections: 'Too many connections from your address',
  /** More frames than WS_MESSAGES_PER_SECOND (with WS_MESSAGE_BURST in hand). */
  tooManyMessages: 'Too many messages',
} as const;
