import { enterpriseLeadResponseSchema, redirectResponseSchema, type Plan } from '@oneeta/contracts';
import type { z } from 'zod';
import type { enterpriseLeadBodySchema } from '@oneeta/contracts';
import { SPEC } from '../text';
import { apiRequest } from './client';

/** POST /api/billing/create-checkout-session { plan } → { url }. */
export function createCheckoutSession(plan: Plan) {
  return apiRequest('/api/billing/create-checkout-session', {
    method: 'POST',
    body: { plan },
    schema: redirectResponseSchema,
    fallbackError: SPEC.checkoutFailed,
    auth: 'required',
  });
}

/** POST /api/billing/create-portal-session → { url }. */
export function createPortalSession() {
  return apiRequest('/api/billing/create-portal-session', {
    method: 'POST',
    schema: redirectResponseSchema,
    fallbackError: SPEC.portalFailed,
    auth: 'required',
  });
}

export type EnterpriseLead = z.input<typeof enterpriseLeadBodySchema>;

/** POST /api/enterprise/lead → { id } (bearer sent only when signed in). */
export function submitEnterpriseLead(body: EnterpriseLead) {
  return apiRequest('/api/enterprise/lead', {
    method: 'POST',
    body,
    schema: enterpriseLeadResponseSchema,
    fallbackError: SPEC.submissionFailed,
    auth: 'optional',
  });
}
