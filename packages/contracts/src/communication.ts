import { z } from 'zod';
import { idSchema, safeText } from './text.js';

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
  message: safeText('Message', { multiline: true }).min(1).max(4000),
  clientMessageId: idSchema('clientMessageId', 100),
  senderName: safeText('Sender name').max(120),
});

export const CALL_MODES = ['voice', 'video'] as const;
export const callUsageBodySchema = z.object({
  sessionId: idSchema('sessionId'),
  participantAcsId: safeText('participantAcsId').min(1).max(200),
  seconds: z.number().int().positive(),
  mode: z.enum(CALL_MODES),
});
