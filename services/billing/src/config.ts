import { accountEnvSchema, baseEnvSchema } from '@oneeta/service-kit';
import { z } from 'zod';

export const configSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4007),
    PUBLIC_URL: z
      .url()
      .default('http://localhost:8080')
      .transform((url) => url.replace(/\/+$/, ''))
      .describe(
        "The web app's public origin (the gateway's address by default): the local checkout and portal pages, and where Stripe sends the browser back to (/plans?checkout=success|cancelled).",
      ),
    BILLING_PROVIDER: z
      .enum(['stripe', 'local'])
      .optional()
      .describe(
        "Who sells plans: 'stripe' (the four STRIPE_* below required), or 'local', the test-mode checkout that sells for a click (what `pnpm start` and the tests choose). Unset: Stripe when STRIPE_SECRET_KEY is set, else none: checkouts answer 503 and the start says so.",
      ),
    STRIPE_SECRET_KEY: z
      .string()
      .min(1)
      .optional()
      .describe("Stripe's secret key: set it (with the three below) to sell through Stripe."),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The signing secret of the Stripe webhook endpoint (whsec_…) that points at /api/billing/webhook.',
      ),
    STRIPE_PRICE_STANDARD: z
      .string()
      .min(1)
      .optional()
      .describe('Stripe price id (recurring, monthly) of the Standard plan.'),
    STRIPE_PRICE_PREMIUM: z
      .string()
      .min(1)
      .optional()
      .describe('Stripe price id (recurring, monthly) of the Premium plan.'),
    STRIPE_API_BASE: z
      .url()
      .optional()
      .describe(
        'Where the Stripe library connects (a test fake): e.g. http://127.0.0.1:12111. Unset = api.stripe.com.',
      ),
    CHECKOUT_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(30)
      .describe('Minutes a local test-mode checkout stays open.'),
    LEAD_MAX_PER_IP_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .describe('Enterprise contact requests one IP may send per hour.'),
    ...accountEnvSchema.shape,
  })
  .superRefine((config, ctx) => {
    if (config.BILLING_PROVIDER === 'stripe' && !config.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: "required when BILLING_PROVIDER is 'stripe'",
      });
    if (!config.STRIPE_SECRET_KEY) return;
    for (const key of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_STANDARD',
      'STRIPE_PRICE_PREMIUM',
    ] as const)
      if (!config[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'required when STRIPE_SECRET_KEY is set',
        });
  });
export type Config = z.infer<typeof configSchema>;
