import { z } from 'zod';

/** Client → hub. `token` may carry the "Bearer " prefix. */
export const wsSubscribeSchema = z.object({
  action: z.literal('subscribe'),
  sessionId: z.string().min(1).max(64),
  token: z.string().min(1),
});
export const wsUnsubscribeSchema = z.object({
  action: z.literal('unsubscribe'),
  sessionId: z.string().min(1).max(64),
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
  wsSubscribedSchema,
  wsErrorSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** Messages published on Redis pub/sub `session:{id}` and fanned out unchanged by the hub. */
export const sessionNudgeSchema = z.discriminatedUnion('type', [
  wsRefreshSessionSchema,
  wsChatMessageNudgeSchema,
]);
export type SessionNudge = z.infer<typeof sessionNudgeSchema>;
