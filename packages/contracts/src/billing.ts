import { z } from 'zod';
import { BUDGETS, COMPANY_SIZES, ENTERPRISE_NEEDS, TIMEFRAMES } from './constants.js';
import { planSchema } from './plan-schema.js';
import { idSchema, safeText } from './text.js';

/** The plans a checkout can sell (enterprise goes through the contact form). */
export const PAID_SELF_SERVE_PLANS = ['standard', 'premium'] as const;
export const checkoutBodySchema = z.object({ plan: planSchema });
export const redirectResponseSchema = z.object({ url: z.url() });

/** Where the web app lands after a checkout: /plans?checkout=success|cancelled (issue 18). */
export const CHECKOUT_RESULTS = ['success', 'cancelled'] as const;
export type CheckoutResult = (typeof CHECKOUT_RESULTS)[number];

/** Texts of the billing calls and the local test-mode pages (issue 18), copied exactly. */
export const BILLING_MESSAGES = {
  testMode: 'Test mode — no card is charged',
  alreadyOnPlan: 'You are already on this plan',
  notSelfServe: 'Only Standard and Premium can be bought here',
  noSubscription: 'No paid subscription to manage',
  checkoutNotFound: 'Checkout not found',
  checkoutClosed: 'This checkout is no longer open',
  badSignature: 'Invalid webhook signature',
  /** No payment provider is configured (production without Stripe): nothing can be bought. */
  notConfigured: 'Plans cannot be bought right now: payments are not set up on this server',
  /** An Enterprise account buys nothing here: its plan is set with the team. */
  enterpriseManaged: 'Your Enterprise plan is managed with our team',
} as const;

/**
 * The local provider's checkout (the embedded default): `create-checkout-session` answers
 * `{url: <web origin>/billing/checkout/<id>}`; that page reads and completes it here.
 * GET /api/billing/checkout/{id}, POST …/{id}/pay and …/{id}/cancel (only the user who opened it;
 * 404 otherwise). Pay and cancel answer `{url}` (/plans?checkout=success|cancelled) to navigate to.
 */
export const checkoutParamsSchema = z.object({ id: idSchema('Checkout id', 100) });
export const CHECKOUT_STATUSES = ['open', 'paid', 'cancelled', 'expired'] as const;
export const localCheckoutSchema = z.object({
  id: z.string(),
  plan: z.enum(PAID_SELF_SERVE_PLANS),
  planName: z.string(),
  priceLabel: z.string(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  status: z.enum(CHECKOUT_STATUSES),
  expiresAt: z.string(),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

/**
 * The caller's subscription: GET /api/billing/subscription → `{subscription: … | null}`; the local
 * portal (`create-portal-session` → <web origin>/billing/portal) shows it and cancels it with
 * POST /api/billing/subscription/cancel (the plan returns to free at once).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export const subscriptionViewSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  plan: planSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
export const subscriptionResponseSchema = z.object({
  subscription: subscriptionViewSchema.nullable(),
});
/** POST /api/billing/subscription/cancel → the subscription as it ends. */
export const cancelSubscriptionResponseSchema = z.object({ subscription: subscriptionViewSchema });

/** POST /api/billing/webhook (the provider's signed events) → acknowledged. */
export const billingWebhookResponseSchema = z.object({ received: z.literal(true) });

/** POST /api/enterprise/lead (doc 2 §3). */
/**
 * POST /api/enterprise/lead (doc 2 §3, §5): name and e-mail are required; other fields are optional
 * (trimmed, empty ones omitted); size, timeframe and budget only when they are allowed options;
 * expected monthly requests a number ≥ 0, or null when empty.
 */
export const enterpriseLeadBodySchema = z.object({
  name: safeText('Name').trim().min(1).max(200),
  email: z.email(),
  company: safeText('Company').trim().min(1).max(200).optional(),
  companySize: z.enum(COMPANY_SIZES).optional(),
  role: safeText('Role').trim().min(1).max(200).optional(),
  website: safeText('Website').trim().min(1).max(500).optional(),
  phone: safeText('Phone').trim().min(1).max(50).optional(),
  useCase: safeText('Use case', { multiline: true }).trim().min(1).max(5000).optional(),
  expectedMonthlyRequests: z.number().min(0).nullable(),
  timeframe: z.enum(TIMEFRAMES).optional(),
  budget: z.enum(BUDGETS).optional(),
  needs: z.array(z.enum(ENTERPRISE_NEEDS)),
  message: safeText('Message', { multiline: true }).trim().min(1).max(5000).optional(),
});
export const enterpriseLeadResponseSchema = z.object({ id: z.string() });
