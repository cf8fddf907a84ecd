import Stripe from 'stripe';
import { BadSignatureError, ProviderError, type BillingProvider } from './port.js';
import { toBillingEvent, type PriceIds } from './stripe-events.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  prices: PriceIds;
  /** Another API address (a test fake): its protocol, host and port. */
  apiBase?: string | undefined;
  /** Network retries of the library (0 in tests). */
  maxNetworkRetries?: number;
}

/** The Stripe library's client, pointed at api.stripe.com or at `apiBase`. */
export function createStripeClient(
  options: Pick<StripeProviderOptions, 'secretKey' | 'apiBase' | 'maxNetworkRetries'>,
): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 10_000,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
}

/** Stripe's errors in the domain's words: a refusal (400 to the caller) or an outage (503). */
export function mapStripeError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  switch (err.type) {
    case 'StripeCardError':
      return new ProviderError('card', err.message, err.code);
    case 'StripeInvalidRequestError':
    case 'StripeIdempotencyError':
      return new ProviderError('invalid_request', err.message, err.code);
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new ProviderError('auth', err.message, err.code);
    default:
      return new ProviderError('unavailable', err.message, err.code);
  }
}

const mapped = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw mapStripeError(err);
  }
};

/**
 * The Stripe provider: Checkout in subscription mode (the customer reused per user), the customer
 * portal, cancellation, and webhooks verified with the endpoint's signing secret. Stripe's types
 * stay in this file and stripe-events.ts.
 */
export function createStripeProvider(
  options: StripeProviderOptions,
  client = createStripeClient(options),
): BillingProvider {
  return {
    name: 'stripe',
    createCustomer: (user) =>
      mapped(async () => {
        const customer = await client.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `oneeta-customer-${user.id}` },
        );
        return customer.id;
      }),
    createCheckout: (request) =>
      mapped(async () => {
        const session = await client.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: options.prices[request.plan], quantity: 1 }],
            ...(request.customerId
              ? { customer: request.customerId }
              : { customer_email: request.user.email }),
            client_reference_id: request.user.id,
            metadata: { userId: request.user.id, plan: request.plan },
            subscription_data: { metadata: { userId: request.user.id, plan: request.plan } },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(
              Math.max(request.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000,
            ),
          },
          { idempotencyKey: `oneeta-checkout-${request.checkoutId}` },
        );
        if (!session.url) throw new ProviderError('unavailable', 'Stripe returned no checkout url');
        return { id: session.id, url: session.url };
      }),
    createPortal: (customerId, returnUrl) =>
      mapped(async () => {
        const portal = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return { url: portal.url };
      }),
    cancelSubscription: (subscriptionId) =>
      mapped(async () => {
        try {
          const current = await client.subscriptions.retrieve(subscriptionId);
          if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
          await client.subscriptions.cancel(
            subscriptionId,
            {},
            { idempotencyKey: `oneeta-cancel-${subscriptionId}` },
          );
        } catch (err) {
          // Already gone at Stripe: what cancelling wanted.
          if (
            err instanceof Stripe.errors.StripeInvalidRequestError &&
            err.code === 'resource_missing'
          )
            return;
          throw err;
        }
      }),
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError || !signature)
          throw new BadSignatureError('bad signature');
        throw new BadSignatureError(err instanceof Error ? err.message : 'unreadable event');
      }
      return toBillingEvent(event, options.prices);
    },
  };
}
