import type { BillingEvent, ProviderName, SelfServePlan } from '../domain/types.js';

/** A refusal or failure of the payment provider, in the domain's words (the adapter maps its own). */
export class ProviderError extends Error {
  constructor(
    /** `invalid_request` (our request was refused), `card` (a payment problem), `unavailable` (retry later). */
    readonly kind: 'invalid_request' | 'card' | 'unavailable' | 'auth',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A webhook body whose signature is missing, wrong or stale. */
export class BadSignatureError extends Error {
  override name = 'BadSignatureError';
}

export interface CheckoutRequest {
  user: { id: string; email: string };
  plan: SelfServePlan;
  /** Our checkout id (the local provider's page id; a Stripe idempotency key). */
  checkoutId: string;
  /** The user's stored customer, reused; null the first time. */
  customerId: string | null;
  /** Where the browser returns: /plans?checkout=success|cancelled on the web origin. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** The one port both providers implement (Stripe; the embedded local test mode). */
export interface BillingProvider {
  readonly name: ProviderName;
  /** The customer to reuse for a user who has none yet (Stripe creates one; local makes up an id). */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** Opens a checkout: its provider id and the URL the browser goes to. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The billing portal of a customer. */
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Ends a subscription now (Stripe's cancel; nothing to do for the local provider). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Verifies a webhook's signature on the raw body and reads it; BadSignatureError otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent | null;
}
