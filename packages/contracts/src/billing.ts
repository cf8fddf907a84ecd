import { z } from 'zod';
import { BUDGETS, COMPANY_SIZES, ENTERPRISE_NEEDS, TIMEFRAMES } from './constants.js';
import { planSchema } from './plan-schema.js';
import { safeText } from './text.js';

export const checkoutBodySchema = z.object({ plan: planSchema });
export const redirectResponseSchema = z.object({ url: z.url() });

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
