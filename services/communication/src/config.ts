import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  SESSION_URL: z
    .url()
    .default('http://127.0.0.1:4002')
    .describe(
      'Base URL of the session service (membership and authorship are read from its internal routes).',
    ),
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(
      "Where browsers reach the chat API (`/chat/*`): the `endpoint` of the token and thread answers. The gateway's public address by default, as the web app calls it.",
    ),
  CHAT_TOKEN_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe(
      "Secret (at least 32 characters) that signs the embedded chat tokens (HS256). When unset, one is generated on first start and kept in the service's database, so tokens survive a restart and every replica agrees.",
    ),
  CHAT_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(900)
    .max(86_400)
    .default(3600)
    .describe(
      'Lifetime of an embedded chat token (s). Clients refresh 10 minutes before expiry, so it must be longer than that.',
    ),
  ACS_CONNECTION_STRING: z
    .string()
    .regex(
      /^endpoint=https?:\/\/[^;]+;accesskey=[A-Za-z0-9+/=]+;?$/i,
      'ACS_CONNECTION_STRING must look like endpoint=https://….communication.azure.com/;accesskey=…',
    )
    .optional()
    .describe(
      'ACS mode: an Azure Communication Services connection string (`endpoint=https://<resource>.communication.azure.com/;accesskey=<key>`). When set, identities, tokens and the session threads come from ACS and browsers chat with ACS itself; when unset, the embedded chat server (`/chat/*`) does it all.',
    ),
  ...accountEnvSchema.shape,
});
export type Config = z.infer<typeof configSchema>;
