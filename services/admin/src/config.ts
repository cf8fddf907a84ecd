import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { DEFAULT_PRICE_PER_1000_TRANSACTIONS } from '@oneeta/contracts';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4008),
  SESSION_URL: z
    .url()
    .default('http://127.0.0.1:4002')
    .describe(
      'Base URL of the session service (who owns a session the ledger has not heard of yet).',
    ),
  MAPS_PRICE_PER_1000_TRANSACTIONS: z.coerce
    .number()
    .min(0)
    .default(DEFAULT_PRICE_PER_1000_TRANSACTIONS)
    .describe('The maps price the cost estimate uses, in US dollars per 1,000 transactions.'),
  ...accountEnvSchema.shape,
});
export type Config = z.infer<typeof configSchema>;
