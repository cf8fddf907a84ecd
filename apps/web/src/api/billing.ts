import type { enterpriseLeadBodySchema } from '@oneeta/contracts';
import { type Plan } from '@oneeta/contracts';
import type { z } from 'zod';
import { SPEC } from '../text';
import { apiRequest } from './client';

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
