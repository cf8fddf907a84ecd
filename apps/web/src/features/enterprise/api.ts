import { enterpriseLeadResponseSchema } from '@oneeta/contracts';
import { apiRequest } from '../../api/client';
import { ENTERPRISE_TEXT, enterpriseLeadPayloadSchema, type EnterpriseLeadPayload } from './lead';

/**
 * POST /api/enterprise/lead → { id } (bearer sent only when signed in). Ours rather than the shell's
 * `submitEnterpriseLead`, whose body type comes from the contracts' stricter schema (see lead.ts).
 * A network failure or an unreadable answer keeps 'Something went wrong'; the page shows
 * 'Submission failed' for any non-OK answer (doc 2 §8).
 */
export function postEnterpriseLead(payload: EnterpriseLeadPayload) {
  return apiRequest('/api/enterprise/lead', {
    method: 'POST',
    body: enterpriseLeadPayloadSchema.parse(payload),
    schema: enterpriseLeadResponseSchema,
    fallbackError: ENTERPRISE_TEXT.somethingWentWrong,
    auth: 'optional',
  });
}
