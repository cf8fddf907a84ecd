import { z } from 'zod';

/** POST /api/communication/token answer (doc 2 §7). */
export const communicationTokenResponseSchema = z.object({
  token: z.string(),
  expiresOn: z.string(),
  endpoint: z.string(),
  threadId: z.string(),
  user: z.object({ id: z.string() }),
});

/** The content of a chat message is a JSON string of this shape. */
export const chatContentSchema = z.object({
  message: z.string().min(1).max(4000),
  clientMessageId: z.string().min(1).max(100),
  senderName: z.string().max(120),
});

export const CALL_MODES = ['voice', 'video'] as const;
export const callUsageBodySchema = z.object({
  sessionId: z.string(),
  participantAcsId: z.string(),
  seconds: z.number().int().positive(),
  mode: z.enum(CALL_MODES),
});
