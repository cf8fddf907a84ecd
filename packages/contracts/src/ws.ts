import { z } from 'zod';
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

/** Hub → client. */
export const wsRefreshSessionSchema = z.object({
  type: z.literal('refresh-session'),
  sessionId: z.string(),
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
export const wsSubscribedSchema = z.object({ type: z.literal('subscribed'), sessionId: z.string() });
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
  wsSubscribedSchema,
  wsErrorSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** Messages published on Redis pub/sub `session:{id}` and fanned out unchanged by the hub. */
export const sessionNudgeSchema = z.discriminatedUnion('type', [
  wsRefreshSessionSchema,
  wsChatMessageNudgeSchema,
  wsInboxNudgeSchema,
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
