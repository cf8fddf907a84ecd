import { z } from 'zod';
import { planSchema } from './plans.js';

export const checkoutBodySchema = z.object({ plan: planSchema });
export const redirectResponseSchema = z.object({ url: z.url() });

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;
export const TIMEFRAMES = ['immediately', '1-3 months', '3-6 months', '6+ months'] as const;
export const BUDGETS = ['exploring', 'has-budget', 'procurement-needed'] as const;
export const ENTERPRISE_NEEDS = [
  'SLA',
  'Priority support',
  'Security review',
  'SOC 2',
  'Custom contract',
  'Higher limits',
] as const;
export const DEFAULT_ENTERPRISE_NEEDS = ['SLA', 'Priority support', 'Higher limits'] as const;

/** POST /api/enterprise/lead (doc 2 §3). */
export const enterpriseLeadBodySchema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  company: z.string().trim().min(1),
  companySize: z.enum(COMPANY_SIZES),
  role: z.string().trim().optional(),
  website: z.string().trim().optional(),
  phone: z.string().trim().optional(),
  useCase: z.string().trim().optional(),
  expectedMonthlyRequests: z.number().int().nonnegative().nullable(),
  timeframe: z.enum(TIMEFRAMES),
  budget: z.enum(BUDGETS),
  needs: z.array(z.enum(ENTERPRISE_NEEDS)),
  message: z.string().trim().max(5000).optional(),
});
export const enterpriseLeadResponseSchema = z.object({ id: z.string() });
