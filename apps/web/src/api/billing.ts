import type { enterpriseLeadBodySchema } from '@oneeta/contracts';
import { type Plan } from '@oneeta/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { SPEC } from '../text';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /api/billing/create-checkout-session { plan } → { url }. */
export function createCheckoutSession(plan: Plan) {
  return apiRequest('/api/billing/create-checkout-session', {
    method: 'POST',
    body: { plan },
    schema: 'redirectResponseSchema',
    fallbackError: SPEC.checkoutFailed,
    auth: 'required',
  });
}

/** POST /api/billing/create-portal-session → { url }. */
export function createPortalSession() {
  return apiRequest('/api/billing/create-portal-session', {
    method: 'POST',
    schema: 'redirectResponseSchema',
    fallbackError: SPEC.portalFailed,
    auth: 'required',
  });
}

/** Ours: the spec has no texts for the local test-mode pages' own failures. */
export const BILLING_FAILURES = {
  checkout: 'Could not load the checkout',
  pay: 'Payment failed',
  cancel: 'Could not cancel the checkout',
  subscription: 'Could not load your subscription',
  cancelSubscription: 'Could not cancel the subscription',
} as const;

const checkoutPath = (id: string) => `/api/billing/checkout/${encodeURIComponent(id)}`;

/** GET /api/billing/checkout/:id → the local provider's checkout (only its own user's; 404 otherwise). */
export function getLocalCheckout(id: string, signal?: AbortSignal) {
  return apiRequest(checkoutPath(id), {
    schema: 'localCheckoutSchema',
    fallbackError: BILLING_FAILURES.checkout,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/billing/checkout/:id/pay → { url } (/plans?checkout=success). */
export function payLocalCheckout(id: string) {
  return apiRequest(`${checkoutPath(id)}/pay`, {
    method: 'POST',
    schema: 'redirectResponseSchema',
    fallbackError: BILLING_FAILURES.pay,
    auth: 'required',
  });
}

/** POST /api/billing/checkout/:id/cancel → { url } (/plans?checkout=cancelled). */
export function cancelLocalCheckout(id: string) {
  return apiRequest(`${checkoutPath(id)}/cancel`, {
    method: 'POST',
    schema: 'redirectResponseSchema',
    fallbackError: BILLING_FAILURES.cancel,
    auth: 'required',
  });
}

/** GET /api/billing/subscription → { subscription | null }. */
export function getSubscription(signal?: AbortSignal) {
  return apiRequest('/api/billing/subscription', {
    schema: 'subscriptionResponseSchema',
    fallbackError: BILLING_FAILURES.subscription,
    auth: 'required',
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/billing/subscription/cancel: ends the subscription (the plan returns to free at once). */
export function cancelSubscription() {
  return apiRequest('/api/billing/subscription/cancel', {
    method: 'POST',
    schema: 'anyAnswer',
    fallbackError: BILLING_FAILURES.cancelSubscription,
    auth: 'required',
  });
}

/** The local checkout page's data; no retries: a 404 is an answer ('Checkout not found'). */
export const localCheckoutQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.billingCheckout(id),
    queryFn: ({ signal }) => getLocalCheckout(id, signal),
    retry: false,
  });

/** The caller's subscription (the local portal), per token. */
export const subscriptionQuery = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.billingSubscription(token),
    queryFn: ({ signal }) => getSubscription(signal),
    enabled: token !== null,
    retry: false,
  });

export type EnterpriseLead = z.infer<typeof enterpriseLeadBodySchema>;

/** doc 2 §8: the default text of a failed lead (the enterprise page's texts reuse it). */
export const LEAD_SOMETHING_WENT_WRONG = 'Something went wrong';

/**
 * POST /api/enterprise/lead → { id } (bearer sent only when signed in). A network failure or an
 * unreadable answer keeps 'Something went wrong'; the page shows 'Submission failed' for any non-OK
 * answer (doc 2 §8).
 */
export function submitEnterpriseLead(body: EnterpriseLead) {
  return apiRequest('/api/enterprise/lead', {
    method: 'POST',
    body,
    bodySchema: 'enterpriseLeadBodySchema',
    schema: 'enterpriseLeadResponseSchema',
    fallbackError: LEAD_SOMETHING_WENT_WRONG,
    auth: 'optional',
  });
}
